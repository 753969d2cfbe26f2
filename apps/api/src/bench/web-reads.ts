/**
 * The reads the web app makes, with the bodies it sends, for `pnpm bench` and the size budget:
 * the calendar's month window, a page of photos or one post, the forum's thread list or one
 * thread, and the legacy full lists beside them.
 */
import type { CallName } from '@club/contracts';

export type WebRead = {
  label: string;
  name: CallName;
  body: Record<string, unknown>;
  /** The bench's goal for throughput as a ratio to the bare route. */
  goal: number;
  /** Held to the 300 KB gzip budget; the legacy full lists are measured, not budgeted. */
  isBudgeted: boolean;
};

export function webReads(token: string, now = new Date()): WebRead[] {
  const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
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
    // The legacy full list is measured, not budgeted: at ten times the data it is several MB.
    // The event page and /new-events still read it (issue 16 leaves this open); the calendar
    // reads a month.
    read('events.get', {}, 'events.get (legacy full list)', 0.25, false),
    read('events.get', { from: `${month}-01`, to: `${month}-${lastDay}` }, 'events.get (month window)'),
    read('blog.get', { page: 1 }, 'blog.get (one page)'),
    read('blog.get', { id: 1 }, 'blog.get (one post)'),
    read('blog.get', {}, 'blog.get (every post, legacy)', 0.25, false),
    read('forum.get', { l: 1 }, 'forum.get (thread list)'),
    read('forum.get', { t: 1 }, 'forum.get (one thread)'),
    read('forum.get', {}, 'forum.get (every thread, legacy)', 0.25, false),
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
