import type { EventSeries } from '@club/contracts';
import {
  clubNow,
  describeRepeatRule,
  describeSchedule,
  LAST_WEEK,
  meetingRepeatRule,
  MEETING_MONTHS,
  MEETING_WEEKDAYS,
  REPEAT_WEEKS,
  type RepeatRule,
} from '@club/contracts/browser';
import { useState } from 'react';
import { meetingTimes, type MeetingSchedule } from './meeting-times.ts';
import { FieldFrame } from '../../components/field-frame.tsx';
import { FormField } from '../../components/form-field.tsx';
import './event-editor.css';

/** How the editor holds a repeat rule: 'never' does not repeat; the end as a choice. */
export type RepeatDraft = Omit<RepeatRule, 'frequency' | 'until' | 'count'> & {
  frequency: RepeatRule['frequency'] | 'never';
  ends: 'never' | 'until' | 'count';
  until: string;
  count: string;
};

const FREQUENCY_LABELS: Record<RepeatDraft['frequency'], string> = {
  never: 'Does not repeat',
  weekly: 'Every week',
  monthlyByDay: 'Every month on a day of the month',
  monthlyByWeekday: 'Every month on a weekday (e.g. the third Tuesday)',
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
export function repeatRuleOf(draft: RepeatDraft): (Omit<RepeatRule, 'frequency' | 'count'> & { frequency: RepeatDraft['frequency']; count: number | null }) {
  const { ends, until, count, ...rest } = draft;
  return { ...rest, until: ends === 'until' ? until : '', count: ends === 'count' && count !== '' ? Number(count) : null };
}

/** "Repeats the third Tuesday of each month except July and August", as the draft stands. */
export function describeDraft(draft: RepeatDraft): string {
  if (draft.frequency === 'never') return 'Does not repeat.';
  const rule = repeatRuleOf(draft);
  return `Repeats ${describeRepeatRule({ ...rule, frequency: draft.frequency, count: rule.count !== null && rule.count > 0 ? rule.count : null })}.`;
}

export type { MeetingSchedule };

export type RepeatFieldsProps = {
  draft: RepeatDraft;
  onChange: (draft: RepeatDraft) => void;
  /** The club's meeting schedule: one button makes the event repeat on it. */
  meetingSchedule?: MeetingSchedule;
  /** The club's time zone, for "today" when no start is typed yet. */
  timeZone: string;
};

/** Sets a field of a form as if typed, so the form hears the change (unsaved edits, stale messages). */
function setField(form: HTMLFormElement | null, name: string, value: string): void {
  const field = form?.elements.namedItem(name);
  if (!(field instanceof HTMLInputElement)) return;
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** "Tuesday, February 4, 2031 at 7:00 PM" for the note after the schedule is applied. */
const describeStartOf = (start: string): string => {
  const moment = new Date(`${start}:00Z`);
  const day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(moment);
  const time = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(moment);
  return `${day} at ${time}`;
};

/** The start field of the form a control is in: a rule first chosen takes its day. */
const startOfForm = (form: HTMLFormElement | null): string => {
  const field = form?.elements.namedItem('start');
  return field instanceof HTMLInputElement ? field.value : '';
};

/** How an event repeats: weekly, monthly by day or by weekday, months left out, and the end. */
export function RepeatFields({ draft, onChange, meetingSchedule, timeZone }: RepeatFieldsProps) {
  const [scheduleNote, setScheduleNote] = useState('');
  const set = (changes: Partial<RepeatDraft>) => {
    setScheduleNote('');
    onChange({ ...draft, ...changes });
  };
  const unit = draft.frequency === 'weekly' ? 'weeks' : 'months';

  /** The meeting's rule, time and first day on or after the typed start, in one go. */
  function applySchedule(form: HTMLFormElement | null, schedule: MeetingSchedule) {
    const field = (name: string) => {
      const element = form?.elements.namedItem(name);
      return element instanceof HTMLInputElement ? element.value : '';
    };
    const typed = field('start');
    const times = meetingTimes(schedule, typed, field('end'), clubNow(new Date(), timeZone).slice(0, 10));
    setField(form, 'start', times.start);
    setField(form, 'end', times.end);
    const { frequency, interval, weekday, week, day, monthsOff } = meetingRepeatRule(schedule);
    onChange({ ...draft, frequency, interval, weekday, week, day, monthsOff, ends: 'never', until: '', count: '' });
    setScheduleNote(`Start set to ${describeStartOf(times.start)}, the first meeting day from ${typed === '' ? 'today' : 'the date you had'}.`);
  }

  return (
    <fieldset className="choice-group">
      <legend>Repeats</legend>
      {meetingSchedule && (
        <p className="event-editor__meeting-place">
          <button type="button" className="button" onClick={(click) => applySchedule(click.currentTarget.form, meetingSchedule)}>
            Use the meeting schedule
          </button>
          <span className="event-editor__meeting-place-name">The club meets {describeSchedule(meetingSchedule)}.</span>
        </p>
      )}
      <FieldFrame label="How often">
        {(control) => (
          <select
            className="form-field__input"
            {...control}
            value={draft.frequency}
            onChange={(e) => {
              const frequency = e.target.value as RepeatDraft['frequency'];
              set(draft.frequency === 'never' ? { frequency, ...ruleDaysOf(startOfForm(e.target.form)) } : { frequency });
            }}
          >
            {Object.entries(FREQUENCY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      {draft.frequency !== 'never' && (
        <>
          <div className="event-editor__times">
            {draft.frequency !== 'monthlyByDay' && (
              <>
                {draft.frequency === 'monthlyByWeekday' && (
                  <FieldFrame label="Week of the month">
                    {(control) => (
                      <select className="form-field__input" {...control} value={draft.week} onChange={(e) => set({ week: Number(e.target.value) })}>
                        {REPEAT_WEEKS.map((week, index) => (
                          <option key={week} value={index + 1}>
                            {index + 1 === LAST_WEEK ? 'Last' : week[0]?.toUpperCase() + week.slice(1)}
                          </option>
                        ))}
                      </select>
                    )}
                  </FieldFrame>
                )}
                <FieldFrame label="Weekday">
                  {(control) => (
                    <select className="form-field__input" {...control} value={draft.weekday} onChange={(e) => set({ weekday: Number(e.target.value) })}>
                      {MEETING_WEEKDAYS.map((weekday, index) => (
                        <option key={weekday} value={index}>
                          {weekday}
                        </option>
                      ))}
                    </select>
                  )}
                </FieldFrame>
              </>
            )}
            {draft.frequency === 'monthlyByDay' && (
              <FormField
                label="Day of the month"
                name="repeatDay"
                type="number"
                inputMode="numeric"
                min={1}
                max={31}
                value={draft.day}
                onChange={(e) => set({ day: Number(e.target.value) })}
                hint="A month without that day is skipped."
              />
            )}
            <FormField
              label={`Every how many ${unit}`}
              name="repeatInterval"
              type="number"
              inputMode="numeric"
              min={1}
              max={12}
              value={draft.interval}
              onChange={(e) => set({ interval: Number(e.target.value) || 1 })}
            />
          </div>
          <fieldset className="event-editor__months-off">
            <legend>Months without it</legend>
            {MEETING_MONTHS.map((name, index) => (
              <label key={name} className="choice">
                <input
                  type="checkbox"
                  checked={draft.monthsOff.includes(index + 1)}
                  onChange={(e) =>
                    set({ monthsOff: e.target.checked ? [...draft.monthsOff, index + 1].sort((a, b) => a - b) : draft.monthsOff.filter((m) => m !== index + 1) })
                  }
                />{' '}
                {name}
              </label>
            ))}
          </fieldset>
          <fieldset className="event-editor__repeat-end">
            <legend>Ends</legend>
            {(
              [
                ['never', 'Never (made a year ahead as time goes on)'],
                ['until', 'On a date'],
                ['count', 'After a number of times'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="choice">
                <input type="radio" name="repeatEnds" value={value} checked={draft.ends === value} onChange={() => set({ ends: value })} /> {label}
              </label>
            ))}
            {draft.ends === 'until' && (
              <FormField label="Last day" name="repeatUntil" type="date" value={draft.until} onChange={(e) => set({ until: e.target.value })} required />
            )}
            {draft.ends === 'count' && (
              <FormField
                label="How many times"
                name="repeatCount"
                type="number"
                inputMode="numeric"
                min={1}
                max={520}
                value={draft.count}
                onChange={(e) => set({ count: e.target.value })}
                required
              />
            )}
          </fieldset>
        </>
      )}
      <p className="event-editor__repeat-summary" aria-live="polite">
        {describeDraft(draft)}
        {scheduleNote !== '' && ` ${scheduleNote}`}
      </p>
    </fieldset>
  );
}
