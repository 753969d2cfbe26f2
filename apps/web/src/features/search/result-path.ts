import type { SearchKind } from '@club/contracts/plain';
import { PATHS, blogPath, carPath, eventPath, forumPath, forumPostPath, listingPath, memberListSearchPath, newsletterPagePath } from '../../lib/paths.ts';

/** What a result carries for its link (see the `site.search` contract). */
export type ResultPlace = { id: number; part: number; ref: string };

/** Where a result opens: a page of the site, or (a link of the Links page) another site. */
export type ResultLink = { to: string; isExternal: boolean };

const inSite = (to: string): ResultLink => ({ to, isExternal: false });

/** The place a search result of each kind opens. */
export function searchResultPath(kind: SearchKind, { id, part, ref }: ResultPlace): ResultLink {
  switch (kind) {
    case 'page':
      return inSite(ref);
    case 'president':
      return inSite(PATHS.presidents);
    case 'shaftAward':
      return inSite(PATHS.shaftAward);
    case 'startupParty':
      return inSite(PATHS.startUpParties);
    case 'board':
      return inSite(PATHS.boardMembers);
    case 'meeting':
      return inSite(PATHS.meetings);
    case 'link':
      return { to: ref, isExternal: true };
    case 'event':
      return inSite(eventPath(id));
    case 'photo':
      return inSite(blogPath(id));
    case 'forumThread':
      return inSite(forumPath(id));
    case 'forumPost':
      return inSite(forumPostPath(part, id));
    case 'member':
      return inSite(memberListSearchPath(ref));
    case 'car':
      return inSite(carPath(id));
    case 'newsletter':
      return inSite(newsletterPagePath(ref, part));
    case 'listing':
      return inSite(listingPath(id));
  }
}
