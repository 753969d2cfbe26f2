/** The default year for a new entry: one after the highest listed, or this year when none is. */
export function nextYear(years: readonly number[], today = new Date()): number {
  return years.length === 0 ? today.getFullYear() : Math.max(...years) + 1;
}

/**
 * en-US's short month names. Not Intl.DateTimeFormat: this module rides with the reads every page
 * loads (vite.config.ts), and the first Intl formatter a page makes starts ICU's date support, a
 * task of 10-50 ms on a phone (docs/decisions/009-page-bytes-and-long-tasks.md, "Long tasks"); the calendar day alone needs
 * none of it.
 */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A start-up party's date (YYYY-MM-DD) as the spec shows it, e.g. "Apr 13, 2019"; anything else as it is. */
export function formatPartyDate(isoDate: string): string {
  const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate) ?? [];
  if (!year || !month || !day) return isoDate;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.toISOString().startsWith(isoDate) ? `${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}` : isoDate;
}

export type BoardSeat = { post: string; member: string };
export type BoardYear = { year: number; imageUrl: string; seats: BoardSeat[] };
export type BoardGroup = { post: string; members: string[] };

/** `boardPairsSchema`'s rule, without zod: this module rides with the reads every page loads. */
const isPairList = (value: unknown): value is [string, string][] =>
  Array.isArray(value) && value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string'));

/** Reads the legacy rows [year, imageUrl, JSON text of [post, member] pairs]; a malformed list reads as empty. */
export function readBoardRows(rows: readonly (readonly [number, string, string])[]): BoardYear[] {
  return rows.map(([year, imageUrl, pairsJson]) => {
    let pairs: [string, string][] = [];
    try {
      const parsed: unknown = JSON.parse(pairsJson);
      if (isPairList(parsed)) pairs = parsed;
    } catch {
      pairs = [];
    }
    return { year, imageUrl, seats: pairs.map(([post, member]) => ({ post, member })) };
  });
}

/** Seats under one heading per post, in the order each post first appears. */
export function groupSeatsByPost(seats: readonly BoardSeat[]): BoardGroup[] {
  const groups: BoardGroup[] = [];
  for (const { post, member } of seats) {
    const group = groups.find((g) => g.post === post);
    if (group) group.members.push(member);
    else groups.push({ post, members: [member] });
  }
  return groups;
}
