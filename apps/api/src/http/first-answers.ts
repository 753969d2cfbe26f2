import { clubNow, PATHS } from '@club/contracts/plain';
import { sessionCookieIn } from '@club/contracts/session-cookie';
import type { Request } from 'express';
import { readForPage, type ApiRouter, type PageRead } from './mount-call.ts';
import { resolveSession } from './session.ts';
import { escapeHtml } from '../lib/escape-html.ts';

/** A read a page makes as it opens, with the payload the page sends. */
export type FirstRead = { name: PageRead; body: Record<string, unknown> };

/** Who a page is sent to: a visitor, or the member whose session the page's request carried. */
export type PageViewer = { kind: 'visitor' } | { kind: 'member'; token: string };

const addressOf = (pattern: string) => pattern.replace(/\/:[^/]+\??$/, '');

/** `/event/26` -> 26; anything else (another page, a bad id) -> undefined. */
function eventIdAt(address: string): number | undefined {
  const match = new RegExp(`^${addressOf(PATHS.event)}/(\\d+)$`).exec(address);
  return match && Number(match[1]) > 0 ? Number(match[1]) : undefined;
}

/**
 * The reads a page makes before it can draw its content, for the pages whose first screen is
 * their data, when the address holds nothing else (a filter, another page or a post gets none);
 * undefined for the pages the server sends as the empty shell. Each payload is exactly what the
 * page sends (apps/web/src/pages; apps/web/e2e/first-answers.e2e.test.ts proves the page then
 * makes no call before it draws): a payload that differs is only a wasted answer, never a wrong
 * one, since the page looks it up by call and payload.
 *
 * The members' pages (an event, the events list) are rendered for a visitor with no reads: they
 * show the login form. For a member every page starts with `session.get`, whom the header and
 * the page are drawn for. `now` is the club's time (YYYY-MM-DDTHH:mm), as the events list asks.
 */
function firstReadsOf(pathname: string, query: URLSearchParams, viewer: PageViewer['kind'], now: string): FirstRead[] | undefined {
  const reads = readsOfPage(pathname.toLowerCase().replace(/(.)\/$/, '$1'), query, viewer, now);
  return reads && viewer === 'member' ? [{ name: 'session.get', body: {} }, ...reads] : reads;
}

function readsOfPage(address: string, query: URLSearchParams, viewer: PageViewer['kind'], now: string): FirstRead[] | undefined {
  const keys = [...query.keys()];
  const asMember = (reads: FirstRead[]) => (viewer === 'member' ? reads : []);
  if (keys.length === 0) {
    // `/` is prerendered for a visitor at build time; a member's is drawn for them (their header).
    if (address === PATHS.home) return viewer === 'member' ? [] : undefined;
    if (address === addressOf(PATHS.blog)) return [{ name: 'blog.page', body: { page: 1 } }];
    if (address === PATHS.registry) {
      return [
        { name: 'cars.stats', body: {} },
        { name: 'bodyStyles.get', body: {} },
        { name: 'cars.list', body: { page: 1 } },
      ];
    }
    if (address === PATHS.classifieds) return [{ name: 'listings.list', body: { page: 1 } }];
    if (address === PATHS.eventList) {
      return asMember([
        { name: 'events.upcoming', body: { at: now } },
        { name: 'events.past', body: { at: now, page: 1 } },
      ]);
    }
    const eventId = eventIdAt(address);
    // The route book's panel too: fetched after the page had drawn, it came in below the event
    // (a shift) and its answer re-rendered the page once hydrated, a long task on a phone.
    if (eventId !== undefined) {
      return asMember([
        { name: 'event.get', body: { id: eventId } },
        { name: 'event.route', body: { eventId } },
      ]);
    }
  }
  const words = query.get('q');
  if (address === PATHS.search && keys.length === 1 && words !== null && words.trim() !== '') return [{ name: 'site.search', body: { q: words } }];
  return undefined;
}

/**
 * One answer as a data block: the JSON text the call answers a visitor, with every `<` written as
 * `\u003c` (the same JSON to a parser, and no `</script>` or `<!--` can end or bend the block).
 * A data block is not run, so the CSP's script-src does not apply; the page reads it with
 * JSON.parse (apps/web/src/api/first-answers.ts).
 */
function firstAnswerBlock({ name, body }: FirstRead, json: string): string {
  return (
    `<script type="application/json" class="first-answer" data-call="${escapeHtml(name)}" data-body="${escapeHtml(JSON.stringify(body))}">` +
    `${json.replace(/</g, '\\u003c')}</script>`
  );
}

/** A first read and the JSON text it answered the page's viewer. */
export type FirstAnswer = FirstRead & { json: string };

/** What a page is sent with: for whom, and the answers of its first reads (undefined: the shell alone). */
export type PageAnswers = { viewer: PageViewer; answers: FirstAnswer[] | undefined };

/**
 * The page's viewer (the member whose session the page's request carries in its cookie, or a
 * visitor when it carries none that is current) and the answers of the page's first reads as
 * that viewer gets them (from the reply cache, so they cost no more than the calls the page would
 * make). A read that fails is left out; the page then makes it itself.
 */
export async function readFirstAnswers(api: ApiRouter, req: Request, timeZone: string): Promise<PageAnswers> {
  const token = sessionCookieIn(req.headers.cookie);
  const viewer: PageViewer = token !== undefined && resolveSession(api.db, token) ? { kind: 'member', token } : { kind: 'visitor' };
  const reads = firstReadsOf(req.path, new URLSearchParams(req.originalUrl.split('?')[1] ?? ''), viewer.kind, clubNow(new Date(), timeZone));
  if (reads === undefined) return { viewer, answers: undefined };
  const answers = await Promise.all(
    reads.map(async (read) => {
      try {
        return { ...read, json: await readForPage(api, req, read.name, read.body, viewer.kind === 'member' ? viewer.token : undefined) };
      } catch (error) {
        req.log.warn({ err: error, call: read.name }, 'A first answer for the page could not be read; the page reads it itself.');
        return undefined;
      }
    }),
  );
  return { viewer, answers: answers.filter((answer) => answer !== undefined) };
}

/**
 * The page with its first answers in data blocks before #root (and `markup`, the page as the
 * server rendered it from them, in #root): the page draws with no round trip for its data.
 * A member's page says so on #root (`data-viewer="member"`): the browser uses its answers that
 * depend on who asks only when its own session is the one the page was sent for
 * (apps/web/src/api/first-answers.ts), and a visitor's only when it has none.
 */
export function withAnswerBlocks(html: string, answers: readonly FirstAnswer[], viewer: PageViewer['kind'], markup = ''): string {
  const blocks = answers.map((answer) => firstAnswerBlock(answer, answer.json)).join('');
  const root = viewer === 'member' ? '<div id="root" data-viewer="member">' : '<div id="root">';
  // Before #root: the boot notice's CSS hides it once #root, its previous sibling, has content.
  return html.replace('<div id="root"></div>', () => `${blocks}${root}${markup}</div>`);
}
