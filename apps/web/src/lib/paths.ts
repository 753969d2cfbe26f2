/**
 * Every route of the site. The legacy addresses (new-page-2, the-shaft-award-1, …) are kept
 * because members have them bookmarked and other sites link to them; this file is the only
 * place they are spelled out.
 */
export const PATHS = {
  home: '/',
  login: '/login',
  account: '/account',
  reset: '/reset/:resetGuid',
  /** The one-click link in reminder e-mails (the API builds it: services/reminders.ts). */
  notificationsOff: '/notifications-off/:token',
  history: '/new-page-2',
  founders: '/our-founders',
  presidents: '/new-page-3',
  shaftAward: '/the-shaft-award',
  startUpParties: '/start-up-parties-2',
  boardMembers: '/board-members',
  meetings: '/new-page-1',
  clubDocuments: '/club-documents',
  membership: '/new-page',
  events: '/events',
  event: '/event/:eventId',
  editEvent: '/editEvent/:eventId',
  eventList: '/new-events',
  tech: '/tech-page',
  valleyNews: '/new-page-4',
  blog: '/blog/:articleId?',
  editBlog: '/editBlog/:articleId',
  contact: '/contact',
  memberList: '/memberList',
  links: '/the-shaft-award-1',
  newsletter: '/newsletters/:pdfUrl',
  search: '/search',
  forum: '/forum/:threadId?',
  notFound: '*',
} as const;

export type RouteKey = keyof typeof PATHS;

/** An id of 0 opens the editor for a new record. */
export const NEW_RECORD_ID = 0;

export const resetPath = (resetGuid: string): string => `/reset/${encodeURIComponent(resetGuid)}`;
export const eventPath = (eventId: number): string => `/event/${eventId}`;
/** The calendar at a month, e.g. `/events?month=2026-11`; the month is kept in the URL so a reload or a link keeps it. */
export const eventsMonthPath = (month?: string): string => (month === undefined ? '/events' : `/events?month=${month}`);
/** The id of the Past Events heading on /new-events, where its pages open. */
export const PAST_EVENTS_ANCHOR = 'past-events';
/** A page of past events on /new-events (page 1 = the latest), opened at the Past Events heading. */
export const pastEventsPath = (page: number): string =>
  `${PATHS.eventList}${page <= 1 ? '' : `?past=${page}`}#${PAST_EVENTS_ANCHOR}`;
export const editEventPath = (eventId: number = NEW_RECORD_ID): string => `/editEvent/${eventId}`;
export const blogPath = (articleId?: number): string => (articleId === undefined ? '/blog' : `/blog/${articleId}`);
/** A page of the photo list; page 1 is plain /blog. */
export const blogPagePath = (page: number): string => (page <= 1 ? '/blog' : `/blog?page=${page}`);
export const editBlogPath = (articleId: number = NEW_RECORD_ID): string => `/editBlog/${articleId}`;
export const newsletterPath = (fileName: string): string => `/newsletters/${encodeURIComponent(fileName)}`;
export const forumPath = (threadId?: number): string => (threadId === undefined ? '/forum' : `/forum/${threadId}`);

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

/** /login#forgot-password opens the login page with "Forgot your password?" already open. */
export const FORGOT_PASSWORD_HASH = 'forgot-password';
