/**
 * Every page address of the site, for the web app's routes and for the links the API writes
 * (e-mails, pushes, the calendar feed, robots.txt and the sitemap). The legacy addresses
 * (new-page-2, the-shaft-award-1, …) are kept because members have them bookmarked and other
 * sites link to them; this file is the only place they are spelled out.
 */
export const PATHS = {
  home: '/',
  login: '/login',
  account: '/account',
  reset: '/reset/:resetGuid',
  /** An e-mailed sign-in link (issue 26). */
  signIn: '/sign-in/:token',
  /** The one-click link in reminder e-mails. */
  notificationsOff: '/notifications-off/:token',
  /** The weekly digest's one-click "stop the digest" link. */
  digestOff: '/digest-off/:token',
  /** The weekly digest's "I'm coming" link for one event. */
  rsvp: '/coming/:token',
  /** The admin's preview of next week's digest. */
  digestPreview: '/digest-preview',
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
  /** The organiser's printable roster and check-in of one event. */
  eventRoster: '/event/:eventId/roster',
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
  /** The garage: the registry of members' cars, one page per car, and the classifieds. */
  registry: '/registry',
  car: '/registry/:carId',
  classifieds: '/classifieds',
  listing: '/classifieds/:listingId',
  /** The one-click link in the "still for sale?" e-mail. */
  listingRenew: '/classifieds/renew/:token',
  /** Route books: the club's library of drives, one route's page, its editor and its printable book. */
  routes: '/routes',
  route: '/routes/:routeId',
  editRoute: '/routes/:routeId/edit',
  routeBook: '/routes/:routeId/book',
  /** The accessibility statement, linked from every page's footer. */
  accessibility: '/accessibility',
  notFound: '*',
} as const;

export type RouteKey = keyof typeof PATHS;

/** The fixed start of a route with parameters: `/event/:eventId` → `/event/`, `/blog/:articleId?` → `/blog`. */
const prefixOf = (route: string): string => route.replace(/\/:[^/]+\?$/, '').replace(/:[^/]+$/, '');

/** An id of 0 opens the editor for a new record. */
export const NEW_RECORD_ID = 0;

export const resetPath = (resetGuid: string): string => `${prefixOf(PATHS.reset)}${encodeURIComponent(resetGuid)}`;

export const signInPath = (token: string): string => `${prefixOf(PATHS.signIn)}${encodeURIComponent(token)}`;
export const notificationsOffPath = (token: string): string => `${prefixOf(PATHS.notificationsOff)}${encodeURIComponent(token)}`;
export const digestOffPath = (token: string): string => `${prefixOf(PATHS.digestOff)}${encodeURIComponent(token)}`;
export const rsvpPath = (token: string): string => `${prefixOf(PATHS.rsvp)}${encodeURIComponent(token)}`;
export const eventPath = (eventId: number): string => `${prefixOf(PATHS.event)}${eventId}`;
export const eventRosterPath = (eventId: number): string => `${eventPath(eventId)}/roster`;
/** The calendar at a month, e.g. `/events?month=2026-11`; the month is kept in the URL so a reload or a link keeps it. */
export const eventsMonthPath = (month?: string): string => (month === undefined ? PATHS.events : `${PATHS.events}?month=${month}`);
/** The id of the Past Events heading on /new-events, where its pages open. */
export const PAST_EVENTS_ANCHOR = 'past-events';
/** A page of past events on /new-events (page 1 = the latest), opened at the Past Events heading. */
export const pastEventsPath = (page: number): string => `${PATHS.eventList}${page <= 1 ? '' : `?past=${page}`}#${PAST_EVENTS_ANCHOR}`;
export const editEventPath = (eventId: number = NEW_RECORD_ID): string => `${prefixOf(PATHS.editEvent)}${eventId}`;
export const blogPath = (articleId?: number): string => (articleId === undefined ? prefixOf(PATHS.blog) : `${prefixOf(PATHS.blog)}/${articleId}`);
/** A page of the photo list; page 1 is plain /blog. */
export const blogPagePath = (page: number): string => (page <= 1 ? blogPath() : `${blogPath()}?page=${page}`);
export const editBlogPath = (articleId: number = NEW_RECORD_ID): string => `${prefixOf(PATHS.editBlog)}${articleId}`;
export const newsletterPath = (fileName: string): string => `${prefixOf(PATHS.newsletter)}${encodeURIComponent(fileName)}`;
/** An edition opened at one of its pages (1 = the first), as a search result links it. */
export const newsletterPagePath = (fileName: string, page: number): string =>
  page > 1 ? `${newsletterPath(fileName)}?page=${page}` : newsletterPath(fileName);
/** The member list with its search box already filled in (a member found by the site search). */
export const memberListSearchPath = (text: string): string => `${PATHS.memberList}?search=${encodeURIComponent(text)}`;
/** The site search for `query`; with `kind`, that kind's results only (its "more" page). */
export const searchPath = (query: string, kind?: string): string => {
  const params = new URLSearchParams({ q: query });
  if (kind !== undefined) params.set('kind', kind);
  return `${PATHS.search}?${params.toString()}`;
};
export const forumPath = (threadId?: number): string => (threadId === undefined ? prefixOf(PATHS.forum) : `${prefixOf(PATHS.forum)}/${threadId}`);
/** The element id of a forum post on its thread's page. */
export const forumPostAnchor = (postId: number): string => `post-${postId}`;
/** A thread, opened at one of its posts when given. */
export const forumPostPath = (threadId: number, postId?: number): string =>
  `${forumPath(threadId)}${postId === undefined ? '' : `#${forumPostAnchor(postId)}`}`;

export const carPath = (carId: number): string => `${prefixOf(PATHS.car)}${carId}`;
export const listingPath = (listingId: number): string => `${prefixOf(PATHS.listing)}${listingId}`;
export const listingRenewPath = (token: string): string => `${prefixOf(PATHS.listingRenew)}${encodeURIComponent(token)}`;

export const routePath = (routeId: number): string => `${PATHS.routes}/${routeId}`;
/** The route editor; 0 starts a new route. */
export const editRoutePath = (routeId: number = NEW_RECORD_ID): string => `${routePath(routeId)}/edit`;
/** The printable route book, for one of the route's events when given (its phone list). */
export const routeBookPath = (routeId: number, eventId?: number): string => `${routePath(routeId)}/book${eventId === undefined ? '' : `?event=${eventId}`}`;

/** /login#forgot-password opens the login page with "Forgot your password?" already open. */
export const FORGOT_PASSWORD_HASH = 'forgot-password';
/** /login#sign-in-link opens it with "E-mail me a sign-in link" open (a members' page's login form links there). */
export const SIGN_IN_LINK_HASH = 'sign-in-link';

/** What robots.txt keeps crawlers out of: members-only pages and the API. */
export const DISALLOWED_PATHS = [
  '/api/',
  PATHS.account,
  prefixOf(PATHS.reset),
  PATHS.events,
  prefixOf(PATHS.event),
  prefixOf(PATHS.editEvent),
  PATHS.valleyNews,
  prefixOf(PATHS.newsletter),
  PATHS.memberList,
  prefixOf(PATHS.editBlog),
  prefixOf(PATHS.forum),
  prefixOf(PATHS.listingRenew),
] as const;

/** The public pages, as in the spec's route table: the sitemap lists them. */
export const PUBLIC_PAGES = [
  PATHS.home,
  PATHS.history,
  PATHS.founders,
  PATHS.presidents,
  PATHS.shaftAward,
  PATHS.startUpParties,
  PATHS.boardMembers,
  PATHS.meetings,
  PATHS.clubDocuments,
  PATHS.membership,
  PATHS.eventList,
  PATHS.tech,
  blogPath(),
  PATHS.contact,
  PATHS.links,
  PATHS.registry,
  PATHS.classifieds,
  PATHS.routes,
  PATHS.accessibility,
] as const;
