import {
  clubNow,
  describeRepeatRule,
  describeStart,
  LAST_WEEK,
  MEETING_MONTHS,
  MEETING_WEEKDAYS,
  meetingRepeatRule,
  REPEAT_WEEKS,
} from '@club/contracts/plain';
import { FieldFrame } from '../../components/field-frame.tsx';
import { FormField } from '../../components/form-field.tsx';
import { meetingTimes, type MeetingSchedule } from './meeting-times.ts';
import { repeatRuleOf, type RepeatDraft } from './repeat-draft.ts';
import './event-editor.css';

/**
 * The rule of an event that repeats: loaded when the member chooses that it repeats (or reaches
 * for that choice), with the contracts' repeat rules it describes itself with. Most events do not
 * repeat, and the editor opens without them (repeat-fields.tsx).
 */

/** "Repeats the third Tuesday of each month except July and August", as the draft stands. */
export function describeDraft(draft: RepeatDraft): string {
  if (draft.frequency === 'never') return 'Does not repeat.';
  const rule = repeatRuleOf(draft);
  return `Repeats ${describeRepeatRule({ ...rule, frequency: draft.frequency, count: rule.count !== null && rule.count > 0 ? rule.count : null })}.`;
}

/** The sentence under the rule; `note` says what "Use the meeting schedule" changed. */
export function RepeatSummary({ draft, note }: { draft: RepeatDraft; note: string }) {
  return (
    <p className="event-editor__repeat-summary">
      {describeDraft(draft)}
      {note !== '' && ` ${note}`}
    </p>
  );
}

/** "Tuesday, February 4, 2031 at 7:00 PM" for the note after the schedule is applied. */
const describeStartOf = (start: string): string => {
  const { date, time } = describeStart(start);
  return `${date} at ${time}`;
};

/**
 * The meeting's rule, and its time and first day on or after the typed start (or today): the
 * draft, start and end that "Use the meeting schedule" sets, and the note that says so.
 */
export function meetingScheduleDraft(
  draft: RepeatDraft,
  schedule: MeetingSchedule,
  typed: { start: string; end: string },
  timeZone: string,
): { draft: RepeatDraft; start: string; end: string; note: string } {
  const times = meetingTimes(schedule, typed.start, typed.end, clubNow(new Date(), timeZone).slice(0, 10));
  const { frequency, interval, weekday, week, day, monthsOff } = meetingRepeatRule(schedule);
  return {
    draft: { ...draft, frequency, interval, weekday, week, day, monthsOff, ends: 'never', until: '', count: '' },
    ...times,
    note: `Start set to ${describeStartOf(times.start)}, the first meeting day from ${typed.start === '' ? 'today' : 'the date you had'}.`,
  };
}

export type RepeatRuleFieldsProps = {
  draft: RepeatDraft;
  /** Changes part of the draft. */
  set: (changes: Partial<RepeatDraft>) => void;
};

/** How a repeating event repeats: the weekday, week or day of the month, the interval, months left out, and the end. */
export function RepeatRuleFields({ draft, set }: RepeatRuleFieldsProps) {
  const unit = draft.frequency === 'weekly' ? 'weeks' : 'months';
  return (
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
  );
}
