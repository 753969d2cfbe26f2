import { PATHS } from '@club/contracts/plain';
import type { Request } from 'express';
import { ApiError } from '../errors.ts';
import type { FirstRead, PageViewer } from './first-answers.ts';
import { readForPage, type ApiRouter } from './mount-call.ts';
import { compileRoute } from './page-preloads.ts';

/**
 * How the server tells that the record a page shows is not there: the read the page makes for
 * it, and what in its answer says so (a 404 from the call always does).
 */
type RecordCheck = FirstRead & { isAbsentIn?: (answer: Record<string, unknown>) => boolean; absentStatuses?: readonly number[] };

/** The id the web app reads in an address (`/^\d+$/`, more than 0), or undefined. */
const idOf = (text: string): number | undefined => (/^\d+$/.test(text) && Number(text) > 0 ? Number(text) : undefined);

/** The route as the router matches it, its parameter captured (page-preloads.ts). */
const patternOf = (route: string) => compileRoute(route).pattern;

/** A page's read of its record by the id in its address; an id that is not one is "not found" at once. */
const byId =
  (name: FirstRead['name'], bodyOf: (id: number) => Record<string, unknown>, rest: Omit<RecordCheck, keyof FirstRead> = {}) =>
  (param: string): RecordCheck | 'absent' => {
    const id = idOf(param);
    return id === undefined ? 'absent' : { name, body: bodyOf(id), ...rest };
  };

type PageCheck = { pattern: RegExp; isForMembers: boolean; checkOf: (param: string) => RecordCheck | 'absent' | undefined };

/**
 * The pages of one record, each with its read. The public records' pages (a post, a car, a
 * listing, a route) are checked for everyone: each call answers a record its viewer may not see
 * exactly as one that is not there (404), and the page says "not here, or for members only", so
 * the status tells no more than the call does. The members' pages (an event, its roster, a
 * thread, a newsletter) are read for members only: a visitor gets the login form with 200 whether
 * the record is there or not, as before (only an id that is none is a 404 for them too). The
 * editors are for editors only and are not checked.
 */
const PAGE_CHECKS: readonly PageCheck[] = [
  { pattern: patternOf(PATHS.blog), isForMembers: false, checkOf: byId('blog.post', (id) => ({ id }), { isAbsentIn: (answer) => answer.post === null }) },
  { pattern: patternOf(PATHS.car), isForMembers: false, checkOf: byId('car.get', (id) => ({ id })) },
  { pattern: patternOf(PATHS.listing), isForMembers: false, checkOf: byId('listing.get', (id) => ({ id })) },
  { pattern: patternOf(PATHS.route), isForMembers: false, checkOf: byId('route.get', (id) => ({ id })) },
  { pattern: patternOf(PATHS.routeBook), isForMembers: false, checkOf: byId('route.get', (id) => ({ id })) },
  { pattern: patternOf(PATHS.event), isForMembers: true, checkOf: byId('event.get', (id) => ({ id }), { isAbsentIn: (answer) => answer.event === null }) },
  {
    pattern: patternOf(PATHS.eventRoster),
    isForMembers: true,
    checkOf: byId('event.roster', (eventId) => ({ eventId }), { isAbsentIn: (answer) => answer.event === null }),
  },
  // `/forum/x` shows the list of threads: only a thread's number is read.
  {
    pattern: patternOf(PATHS.forum),
    isForMembers: true,
    checkOf: (param) => (idOf(param) === undefined ? undefined : byId('forum.thread', (id) => ({ id }))(param)),
  },
  // The viewer says "Newsletter not found" for a name that is none (400) as for a missing one.
  {
    pattern: patternOf(PATHS.newsletter),
    isForMembers: true,
    checkOf: (param) => ({ name: 'newsletter.link', body: { n: param }, absentStatuses: [400, 404] }),
  },
];

/** The check for the page at an address: 'absent' when the address alone says "not found", undefined when the server does not tell. */
function checkOf(pathname: string, viewer: PageViewer['kind']): RecordCheck | 'absent' | undefined {
  for (const { pattern, isForMembers, checkOf: checkOfParam } of PAGE_CHECKS) {
    const match = pattern.exec(pathname);
    // `/blog` and `/forum` (their id left out) are lists, not a record's page.
    if (!match || match[1] === undefined) continue;
    let param: string;
    try {
      param = decodeURIComponent(match[1]);
    } catch {
      return undefined;
    }
    const check = checkOfParam(param);
    return isForMembers && viewer !== 'member' && check !== 'absent' ? undefined : check;
  }
  return undefined;
}

/**
 * Whether the page at the request's address shows that its record is not there (a post, a car,
 * a route… deleted or never made, or an id that is not one), so it goes out as a 404: a search
 * engine or a link checker is told, and the visitor still gets the page's own "not found" with
 * the site around it. The read is the page's own, through the reply cache, so the page's call
 * that follows costs nothing more. A read that fails otherwise (403, 500) says nothing: 200.
 */
export async function isRecordMissing(api: ApiRouter, req: Request, viewer: PageViewer): Promise<boolean> {
  const check = checkOf(req.path, viewer.kind);
  if (check === undefined) return false;
  if (check === 'absent') return true;
  const { name, body, isAbsentIn, absentStatuses = [404] } = check;
  try {
    const json = await readForPage(api, req, name, body, viewer.kind === 'member' ? viewer.token : undefined);
    return isAbsentIn?.(JSON.parse(json) as Record<string, unknown>) ?? false;
  } catch (error) {
    if (error instanceof ApiError && absentStatuses.includes(error.status)) return true;
    req.log.debug({ err: error, call: name }, 'Whether the page’s record is there could not be read; the page goes out with 200.');
    return false;
  }
}
