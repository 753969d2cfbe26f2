/**
 * The site's routes and page addresses live in the contracts (`@club/contracts` paths.ts), which
 * the API uses for the links it writes; the web app takes them from here.
 */
export {
  PATHS,
  NEW_RECORD_ID,
  FORGOT_PASSWORD_HASH,
  SIGN_IN_LINK_HASH,
  PAST_EVENTS_ANCHOR,
  blogPagePath,
  carPath,
  listingPath,
  editRoutePath,
  routeBookPath,
  routePath,
  blogPath,
  editBlogPath,
  editEventPath,
  eventPath,
  eventRosterPath,
  eventsMonthPath,
  forumPath,
  forumPostPath,
  newsletterPath,
  newsletterPagePath,
  memberListSearchPath,
  searchPath,
  pastEventsPath,
} from '@club/contracts/paths';

/**
 * The legacy header labelled these families of pages by their first path segment rather
 * than by page name; members know them by those words.
 */
const SECTION_LABELS: ReadonlyArray<[prefix: string, label: string]> = [
  ['new-events', 'Events'],
  ['blog', 'Photos'],
  ['event', 'Event'],
];

/** The header label for a path that belongs to one of those families, if it does. */
export function sectionLabelFor(pathname: string): string | undefined {
  const firstSegment = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  return SECTION_LABELS.find(([prefix]) => firstSegment === prefix)?.[1];
}
