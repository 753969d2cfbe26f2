import { FOUNDING_PRESIDENTS, PATHS } from '@club/contracts';
import type { SearchSource } from '../../services/search-index.ts';

/**
 * The site's written pages (their text is in the web app), as the search finds them: each
 * page's title and the words people look for on it. Update a line here when a page's subject
 * changes; the record id is the page's place in this list.
 */
const SITE_PAGES: readonly { path: string; title: string; text: string }[] = [
  {
    path: PATHS.history,
    title: 'Our History',
    text:
      'Club history since 1963: nine Model A Fords at Vernon Castellano’s filling station on Manchester Road in Kirkwood, Missouri; ' +
      'chartered as a regional chapter; the constitution adopted November 5, 1963; Valley News first typed by Mildred Oakes in September 1963; ' +
      'meetings at the Fellowship Hall of Meadowbrook Community Church; tours down Route 66 to Cuba and Rolla, Hermann wine country, ' +
      'the Meramec caverns and the Illinois bluffs; regional meets in 1988 and 2003; the Shaft Award; start-up parties; Brewster Green.',
  },
  {
    path: PATHS.founders,
    title: 'Our Founders',
    text:
      `The founders: ${FOUNDING_PRESIDENTS.slice(0, 2).map((p) => p.name).join(', ')} and Mildred Oakes. Lyle’s 1929 Tudor sedan bought in Cuba, Missouri, ` +
      'a tool-and-die maker from Webster Groves; Vernon’s filling station service bay, updraft carburetor tuning advice, the parts exchange; ' +
      'Mildred, schoolteacher, 1931 Victoria, secretary, founding editor of Valley News, first woman president.',
  },
  {
    path: PATHS.tech,
    title: 'Tech',
    text:
      'Model A engine and oil specifications: four-cylinder L-head, bore and stroke, 200.5 cubic inch displacement, 40 horsepower, torque, ' +
      'compression ratio, firing order 1-2-4-3, babbitt bearings, valve clearance, ignition, breaker point gap, spark plug gap, gravity fuel feed, ' +
      'Zenith or Holley updraft carburetor, cooling, water pump; cylinder head, Model B head, police high-compression head, head nut torque, gasket; ' +
      'engine oil capacity, oil grade, non-detergent oil, lubrication, grease.',
  },
  {
    path: PATHS.clubDocuments,
    title: 'Club Documents',
    text:
      'Constitution and By-Laws (PDF): the club’s name and purpose, who may join, officers and board, meetings and quorum, dues, elections, ' +
      'duties of each officer, committees, Valley News and the Shaft Award; amendments by a two-thirds vote; last amended November 5, 2019.',
  },
  {
    path: PATHS.membership,
    title: 'Membership',
    text: 'How to join the club, the membership application, dues, and what members get: Valley News, tours, meetings, the forum and the member list.',
  },
];

export const sitePageSearch: SearchSource = {
  kind: 'page',
  entriesOf: (_db, ids) =>
    SITE_PAGES.flatMap((page, index) =>
      ids === undefined || ids.includes(index + 1)
        ? [{ recordId: index + 1, ref: page.path, title: page.title, body: page.text, audience: 'public' as const }]
        : [],
    ),
};
