import { describe, expect, it } from 'vitest';
import { dueReminderDays } from './reminders.ts';

describe('dueReminderDays', () => {
  it('makes "now" due at once and each other day from that many days before the start day', () => {
    expect(dueReminderDays('2026-06-20T10:00', [0, 1, 3, 5], '2026-06-10')).toEqual([0]);
    expect(dueReminderDays('2026-06-20T10:00', [0, 1, 3, 5], '2026-06-15')).toEqual([0, 5]);
    expect(dueReminderDays('2026-06-20T10:00', [1, 3, 5], '2026-06-17')).toEqual([3, 5]);
    expect(dueReminderDays('2026-06-20T10:00', [1, 3, 5], '2026-06-19')).toEqual([1, 3, 5]);
  });

  it('counts calendar days across month ends', () => {
    expect(dueReminderDays('2026-03-02T09:00', [3], '2026-02-26')).toEqual([]);
    expect(dueReminderDays('2026-03-02T09:00', [3], '2026-02-27')).toEqual([3]);
  });

  it('leaves out the dated days when only "now" is asked for, and ignores days the editor does not offer', () => {
    expect(dueReminderDays('2026-06-20T10:00', [0, 1], '2026-06-19', true)).toEqual([0]);
    expect(dueReminderDays('2026-06-20T10:00', [2, 7, 1, 1], '2026-06-19')).toEqual([1]);
  });
});
