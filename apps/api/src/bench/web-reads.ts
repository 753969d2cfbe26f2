/**
 * The reads the web app makes, with the bodies it sends, for `pnpm bench` and the size budget:
 * the calendar's month (events.month), one event (event.get), the upcoming and a page of past events
 * (events.upcoming, events.past), a page of photos or one post (blog.page, blog.post), the forum's
 * thread list's page or one thread (forum.page, forum.thread), a tour's roster (event.roster, as the
 * administrator) and the member's events attended this year (attended.mine), the registry's page,
 * chart and one car (cars.list, cars.stats, car.get), route books (routes.list, route.get,
 * route.gpx, route.pdf, event.route), the digest switch and the admin's digest preview (digest.get,
 * digest.preview), the classifieds' page and one listing (listings.list, listing.get,
 * listings.mine), the site search (site.search), the Account page's sign-in link check, push
 * switch and the admin's outbox (signIn.check, token.get, outbox.get), and the legacy full lists
 * (events.get, blog.get, forum.get, members.get) beside them. `webDoors` adds the two calendar files, which are
 * plain HTTP routes rather than calls.
 */
import type { CallName } from '@club/contracts';

/** The secrets the generated data holds for the bench's member (generate.ts makes them). */
export type BenchTokens = { member: string; feed: string; signIn: string; push: string };

export type WebRead = {
  label: string;
  name: CallName;
  body: Record<string, unknown>;
  /** The bench's goal for throughput as a ratio to the bare route. */
  goal: number;
  /** Held to the 300 KB gzip budget; the legacy full lists are measured, not budgeted. */
  isBudgeted: boolean;
  /** Made with the administrator's session (an organiser's read, e.g. the roster). */
  isAdmin?: boolean;
};

export function webReads(tokens: BenchTokens, now = new Date()): WebRead[] {
  const token = tokens.member;
  const pad = (n: number) => String(n).padStart(2, '0');
  const month = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
  // The moment /new-events asks at (it sends the club's wall clock; the machine's is close enough here).
  const moment = `${month}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
  const lastDay = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
  const read = (name: CallName, body: Record<string, unknown> = {}, label: string = name, goal = 0.5, isBudgeted = true): WebRead => ({
    label,
    name,
    body: { g: token, ...body },
    goal,
    isBudgeted,
  });
  return [
    read('session.get'),
    // The legacy full list is measured, not budgeted: at ten times the data it is several MB, and
    // no page of the web app reads it any more (legacy clients still may). The calendar reads a
    // month, the event page and the editor one event, /new-events the upcoming events and a page
    // of past ones.
    read('events.get', {}, 'events.get (legacy full list)', 0.25, false),
    read('events.month', { from: `${month}-01`, to: `${month}-${lastDay}` }),
    // A tour with 40 households (guests, cars, a dinner choice each), and its organiser's roster.
    read('event.get', { id: 1 }),
    // An occurrence of a repeating series: its page reads the series too.
    read('event.get', { id: 2 }, 'event.get (an occurrence of a series)'),
    { ...read('event.roster', { eventId: 1 }), isAdmin: true },
    read('attended.mine', { year: now.getFullYear() }),
    read('events.upcoming', { at: moment }),
    read('events.past', { at: moment, page: 1 }),
    read('blog.page', { page: 1 }),
    read('blog.post', { id: 1 }),
    read('blog.get', {}, 'blog.get (every post, legacy)', 0.25, false),
    // The forum page reads a page of the thread list (search and order on the server).
    read('forum.page', { page: 1 }),
    read('forum.page', { q: 'carburetor', sort: 'replies', page: 2 }, 'forum.page (searched, most replies)'),
    read('forum.thread', { id: 1 }),
    read('forum.get', {}, 'forum.get (every thread, legacy)', 0.25, false),
    // The member list and the registry's owner picker read a page of the directory (search,
    // filters and order on the server); members.get stays for legacy clients only (issue 28).
    read('members.page', { page: 1 }),
    read('members.page', { q: 'roadster', sort: 'first', page: 2 }, 'members.page (searched, by first name)'),
    { ...read('members.emails', {}, 'members.emails (as the admin)'), isAdmin: true },
    read('members.get', {}, 'members.get', 0.25, false),
    read('newsletters.get'),
    read('presidents.get'),
    read('shaftAwardWinners.get'),
    read('startupParties.get'),
    read('boardMembers.get'),
    read('idea.get'),
    read('links.get'),
    read('cars.list', { page: 1 }),
    read('cars.list', { bodyStyle: 'Roadster', hasPhotos: 1, page: 2 }, 'cars.list (filtered)'),
    read('cars.stats'),
    read('car.get', { id: 1 }),
    read('cars.mine'),
    read('bodyStyles.get'),
    read('listings.list', { page: 1 }),
    read('listings.list', { kind: 'sale', category: 'part', q: 'carburetor', page: 1 }, 'listings.list (filtered)'),
    read('listing.get', { id: 1 }),
    read('listings.mine'),
    // Route books: the library, a 100-step route with its track, as a member and as the
    // organiser printing it for its tour (with the phone list), its GPX, and an event's route.
    read('routes.list'),
    read('route.get', { id: 1 }),
    { ...read('route.get', { id: 1, eventId: 1 }, 'route.get (organiser, with the phone list)'), isAdmin: true },
    read('route.gpx', { id: 1 }),
    // The route book's PDF download (five Letter pages at 100 steps), as a member and as its tour's organiser.
    read('route.pdf', { id: 1 }),
    { ...read('route.pdf', { id: 1, eventId: 1 }, 'route.pdf (organiser, with the phone list)'), isAdmin: true },
    read('event.route', { eventId: 1 }),
    // The Account page's digest switch, and the admin's preview of the next weekly digest (the
    // events of three weeks with their counts, the week's new posts and threads, written as HTML).
    read('digest.get'),
    { ...read('digest.preview', {}, 'digest.preview (as the admin)'), isAdmin: true },
    // The sign-in page checks an e-mailed link before using it (no session yet); the Account page
    // asks whether this browser gets pushes; the admin's outbox page (counts and what waits).
    { ...read('signIn.check', { t: tokens.signIn }), body: { t: tokens.signIn } },
    read('token.get', { t: tokens.push }),
    { ...read('outbox.get', {}, 'outbox.get (as the admin)'), isAdmin: true },
    // The site search as a member (who may find the most): a word found in about one newsletter
    // page in thirty, two words typed with the last one still being typed, and a common word.
    read('site.search', { q: 'carburetor' }, 'site.search (a word in the newsletters)'),
    read('site.search', { q: 'spark radi' }, 'site.search (as typed: "spark radi")'),
    read('site.search', { q: 'club' }, 'site.search (a common word)'),
  ];
}

/** A read that is a plain HTTP route, not a call: the calendar files. */
export type WebDoor = {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  /** A form post's fields (the browser's "Add to calendar" button). */
  form?: Record<string, string>;
  goal: number;
  /** Held to the 300 KB gzip budget in budgets.api.test.ts. */
  isBudgeted: boolean;
  /** Anyone holding the address may ask (the feed's address is its secret). */
  isPublic: boolean;
  /**
   * Why this read may grow with the data (issue 28: "unless the page shows everything it
   * reads"): its client shows all it holds. The growth table names the reason instead of a miss.
   */
  showsAll?: string;
};

/**
 * The calendar files (features/events/router.ts): the private feed a member's calendar app
 * subscribes to (GET, the token in the address), and one event's .ics from its page's
 * "Add to calendar" button (a form post with the session).
 */
export function webDoors(tokens: BenchTokens): WebDoor[] {
  return [
    // The events from a year ago on, past days' without their text (it wrote every event of the
    // 15 years, 518 KB gzip at ten times the data), written once per change and day, served as stored gzip.
    {
      label: 'calendar feed (GET /calendar/<token>.ics)',
      method: 'GET',
      path: `/calendar/${tokens.feed}.ics`,
      goal: 0.5,
      isBudgeted: true,
      isPublic: true,
      showsAll: 'a calendar app shows every event of the year back and ahead it holds, and a club three times larger has three times the events',
    },
    {
      label: 'event .ics (POST /calendar/event/1.ics)',
      method: 'POST',
      path: '/calendar/event/1.ics',
      form: { g: tokens.member },
      goal: 0.5,
      isBudgeted: true,
      isPublic: false,
    },
  ];
}
