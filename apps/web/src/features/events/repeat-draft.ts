import type { EventSeries } from '@club/contracts';
import type { RepeatRule } from '@club/contracts/plain';
import type { SeriesRemoval } from './api/save-event.ts';

/** How the editor holds a repeat rule: 'never' does not repeat; the end as a choice. */
export type RepeatDraft = Omit<RepeatRule, 'frequency' | 'until' | 'count'> & {
  frequency: RepeatRule['frequency'] | 'never';
  ends: 'never' | 'until' | 'count';
  until: string;
  count: string;
};

/** The weekday, week of the month and day of the month of a start (YYYY-MM-DD…), for a rule that should include it. */
export function ruleDaysOf(start: string): Pick<RepeatRule, 'weekday' | 'week' | 'day'> {
  const date = /^\d{4}-\d{2}-\d{2}/.test(start) ? new Date(`${start.slice(0, 10)}T00:00:00Z`) : new Date();
  const day = date.getUTCDate();
  return { weekday: date.getUTCDay(), week: Math.min(4, Math.ceil(day / 7)), day };
}

/** The editor's starting rule: the series' own (its count from this occurrence on), or "does not repeat". */
export function initialRepeat(series: EventSeries | null | undefined, start: string): RepeatDraft {
  if (!series) return { frequency: 'never', interval: 1, ...ruleDaysOf(start), monthsOff: [], ends: 'never', until: '', count: '' };
  const { rule, countFromHere } = series;
  const ends = rule.until !== '' ? 'until' : rule.count !== null ? 'count' : 'never';
  return { ...rule, ends, until: rule.until, count: countFromHere === null ? '' : String(countFromHere) };
}

/** The rule as `event.save` takes it, or undefined when the draft does not repeat and nothing is to stop. */
export function repeatRuleOf(draft: RepeatDraft): Omit<RepeatRule, 'frequency' | 'count'> & { frequency: RepeatDraft['frequency']; count: number | null } {
  const { ends, until, count, ...rest } = draft;
  return { ...rest, until: ends === 'until' ? until : '', count: ends === 'count' && count !== '' ? Number(count) : null };
}

/** How many households said they are coming to the dates a series change removes. */
export const droppedSignups = (removed: SeriesRemoval[]): number => removed.reduce((sum, r) => sum + r.households, 0);
