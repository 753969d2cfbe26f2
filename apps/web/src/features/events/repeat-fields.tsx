import { asSentence, describeSchedule } from '@club/contracts/plain';
import { useState } from 'react';
import { FieldFrame } from '../../components/field-frame.tsx';
import { loadWhenShown } from '../../components/load-when-shown.tsx';
import type { MeetingSchedule } from './meeting-times.ts';
import { ruleDaysOf, type RepeatDraft } from './repeat-draft.ts';
import './event-editor.css';

export type { MeetingSchedule };

const FREQUENCY_LABELS: Record<RepeatDraft['frequency'], string> = {
  never: 'Does not repeat',
  weekly: 'Every week',
  // Short enough for the select on a 320 px phone: a longer label is cut off there.
  monthlyByDay: 'Monthly, same date',
  monthlyByWeekday: 'Monthly, same weekday',
};

/**
 * The rule's own fields, its description and "Use the meeting schedule" load when the member
 * chooses that the event repeats, or reaches for the choice (focuses it): most events do not
 * repeat, and the contracts' repeat rules they need are not the editor's first view.
 */
const loadRuleFields = () => import('./repeat-rule-fields.tsx');
const RepeatRuleFields = loadWhenShown(() => loadRuleFields().then((m) => m.RepeatRuleFields));
const RepeatSummary = loadWhenShown(() => loadRuleFields().then((m) => m.RepeatSummary));

/** Loads the repeating event's fields ahead, while the member is about to choose. */
export const preloadRepeatRule = (): void => {
  void RepeatRuleFields.preload();
  void RepeatSummary.preload();
};

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

/** The value of a field of the form a control is in ('' when there is none): a rule first chosen takes the start's day. */
const fieldOfForm = (form: HTMLFormElement | null, name: string): string => {
  const field = form?.elements.namedItem(name);
  return field instanceof HTMLInputElement ? field.value : '';
};

/** How an event repeats: weekly, monthly by day or by weekday, months left out, and the end. */
export function RepeatFields({ draft, onChange, meetingSchedule, timeZone }: RepeatFieldsProps) {
  const [scheduleNote, setScheduleNote] = useState('');
  const set = (changes: Partial<RepeatDraft>) => {
    setScheduleNote('');
    onChange({ ...draft, ...changes });
  };

  /** The meeting's rule, time and first day on or after the typed start, in one go. */
  async function applySchedule(form: HTMLFormElement | null, schedule: MeetingSchedule) {
    const [{ meetingScheduleDraft }] = await Promise.all([loadRuleFields(), RepeatRuleFields.preload(), RepeatSummary.preload()]);
    const typed = { start: fieldOfForm(form, 'start'), end: fieldOfForm(form, 'end') };
    const applied = meetingScheduleDraft(draft, schedule, typed, timeZone);
    setField(form, 'start', applied.start);
    setField(form, 'end', applied.end);
    onChange(applied.draft);
    setScheduleNote(applied.note);
  }

  return (
    <fieldset className="choice-group">
      <legend>Repeats</legend>
      {meetingSchedule && (
        <p className="event-editor__meeting-place">
          <button
            type="button"
            className="button"
            onFocus={preloadRepeatRule}
            onClick={(click) => void applySchedule(click.currentTarget.form, meetingSchedule)}
          >
            Use the meeting schedule
          </button>
          <span className="event-editor__meeting-place-name">The club meets {asSentence(describeSchedule(meetingSchedule))}</span>
        </p>
      )}
      <FieldFrame label="How often">
        {(control) => (
          <select
            className="form-field__input"
            {...control}
            value={draft.frequency}
            onFocus={preloadRepeatRule}
            onChange={(e) => {
              const frequency = e.target.value as RepeatDraft['frequency'];
              set(draft.frequency === 'never' ? { frequency, ...ruleDaysOf(fieldOfForm(e.target.form, 'start')) } : { frequency });
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
      {draft.frequency !== 'never' && <RepeatRuleFields draft={draft} set={set} />}
      <div aria-live="polite">
        {draft.frequency === 'never' ? <p className="event-editor__repeat-summary">Does not repeat.</p> : <RepeatSummary draft={draft} note={scheduleNote} />}
      </div>
    </fieldset>
  );
}
