/**
 * The reads the web app makes, with the bodies it sends, for `pnpm bench` and the size budget.
 * Where a feature adds optional fields for a right-sized read (the calendar's month, a page of
 * photos, one forum thread), the first candidate its contract keeps is used; until then the
 * legacy call without them.
 */
import { registry, type CallName } from '@club/contracts';

export type WebRead = {
  label: string;
  name: CallName;
  body: Record<string, unknown>;
  /** The bench's goal for throughput as a ratio to the bare route. */
  goal: number;
  /** The web app itself makes this call (the legacy full events list is measured, not budgeted). */
  byWebApp: boolean;
};

/** The first candidate whose every field the call's contract keeps, if any. */
export function sizedVariant(name: CallName, token: string, candidates: Record<string, unknown>[]): Record<string, unknown> | undefined {
  const request = registry[name].request;
  for (const candidate of candidates) {
    const parsed = request.safeParse({ g: token, ...candidate });
    if (parsed.success && Object.keys(candidate).every((key) => key in (parsed.data as object))) return candidate;
  }
  return undefined;
}

export function webReads(token: string, now = new Date()): WebRead[] {
  const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  const lastDay = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
  const read = (name: CallName, body: Record<string, unknown> = {}, label: string = name, goal = 0.5, byWebApp = true): WebRead => ({
    label,
    name,
    body: { g: token, ...body },
    goal,
    byWebApp,
  });
  const window = sizedVariant('events.get', token, [
    { from: `${month}-01`, to: `${month}-${lastDay}` },
    { start: `${month}-01`, end: `${month}-${lastDay}` },
    { month },
    { y: now.getFullYear(), m: now.getMonth() + 1 },
  ]);
  const page = sizedVariant('blog.get', token, [{ page: 1 }, { p: 1 }, { offset: 0, limit: 10 }, { limit: 10 }, { n: 10 }]);
  const thread = sizedVariant('forum.get', token, [{ thread: 1 }, { threadId: 1 }, { t: 1 }, { i: 1 }, { id: 1 }]);
  return [
    read('session.get'),
    read('events.get', {}, 'events.get (legacy full list)', 0.25, !window),
    ...(window ? [read('events.get', window, 'events.get (month window)')] : []),
    read('blog.get', page ?? {}, page ? 'blog.get (one page)' : 'blog.get (every post)'),
    ...(thread ? [read('forum.get', thread, 'forum.get (one thread)')] : []),
    read('forum.get', {}, thread ? 'forum.get (thread list)' : 'forum.get (every thread)'),
    read('members.get'),
    read('newsletters.get'),
    read('presidents.get'),
    read('shaftAwardWinners.get'),
    read('startupParties.get'),
    read('boardMembers.get'),
    read('idea.get'),
    read('links.get'),
  ];
}
