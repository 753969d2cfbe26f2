import type { ClubEvent, EventSeries, SeriesScope, SignupSettings } from '@club/contracts';
import { dateFormat, REMINDER_DAYS } from '@club/contracts/plain';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getClubTimeZone } from '../../lib/club-time-zone.ts';
import { editEventPath, eventPath, eventRosterPath, eventsMonthPath } from '../../lib/paths.ts';
import type { DeletedState } from '../../components/deleted-notice.tsx';
import { ErrorDialog } from '../../components/error-dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { Form, SUBMIT_CANCELLED } from '../../components/form.tsx';
import { ImagePicker, KEEP_IMAGE, type ImageChoice } from '../../components/image-picker/image-picker.tsx';
import { loadWhenShown } from '../../components/load-when-shown.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes.tsx';
import { countOf } from '../../lib/plural.ts';
import { useDeleteEvent } from './api/delete-event.ts';
import { droppedSignups, initialRepeat, repeatRuleOf, type RepeatDraft } from './repeat-draft.ts';
import { preloadRepeatRule, RepeatFields, type MeetingSchedule } from './repeat-fields.tsx';
import { formatQuestions, parseQuestions } from './signup-questions.ts';
import { useNowReminder } from './api/event-reads.ts';
import { useSaveEvent, useSeriesPreview, type EventDraft, type EventFields, type NowReminder, type SeriesRemoval } from './api/save-event.ts';
import '../../components/form.css';
import './event-editor.css';

/**
 * The checks against the contract run when the form is sent (and load zod then); their own code
 * loads as soon as the member changes a field, so sending does not wait for it.
 */
const loadChecks = () => import('./event-checks.ts');

/** Asked only when a member deletes, or when a series change would drop sign-ups: loaded then. */
const ConfirmDeleteDialog = loadWhenShown(() => import('../../components/confirm-delete-dialog.tsx').then((m) => m.ConfirmDeleteDialog));
const SeriesDropsDialog = loadWhenShown(() => import('./series-drops-dialog.tsx').then((m) => m.SeriesDropsDialog));

const FIELDS = {
  title: 'text',
  start: 'text',
  end: 'text',
  location: 'text',
  addressLine1: 'text',
  addressLine2: 'text',
  country: 'text',
  text: 'text',
  notifyDaysOut: 'list',
} as const;

const SIGNUP_FIELDS = { capacity: 'text', deadline: 'text', questions: 'text' } as const;

const NO_SETTINGS: SignupSettings = { capacity: null, deadline: '', choices: [] };

/** The sign-up settings as the form holds them; an error for questions that do not read. */
function signupSettingsOf(data: FormData): SignupSettings | { error: string } {
  const { capacity, deadline, questions } = readForm(data, SIGNUP_FIELDS);
  const parsed = parseQuestions(questions);
  if ('error' in parsed) return parsed;
  if (capacity !== '' && !(Number.isInteger(Number(capacity)) && Number(capacity) >= 1))
    return { error: 'The capacity must be a whole number of people, at least 1 (or empty for no limit).' };
  return { capacity: capacity === '' ? null : Number(capacity), deadline, choices: parsed.choices };
}

const REMINDER_LABELS: Record<number, string> = { 0: 'Now (when saved)', 1: '1 day before', 3: '3 days before', 5: '5 days before' };

/** The fields as the form holds them, reminder days as numbers. */
const fieldsOf = (data: FormData): EventFields => {
  const { notifyDaysOut, ...values } = readForm(data, FIELDS);
  return { ...values, notifyDaysOut: notifyDaysOut.map(Number) };
};

/** "e-mailed to 12 members and pushed to 3": whom a "now" reminder reached. */
const reachedBy = ({ emailed, pushed }: NowReminder): string =>
  [emailed > 0 && `e-mailed to ${countOf(emailed, 'member')}`, pushed > 0 && `sent as a push to ${countOf(pushed, 'member')}`].filter(Boolean).join(' and ');

/** What the confirmation adds after a save with "now" ticked. */
function describeNowSent(report: NowReminder | undefined): string {
  if (report === undefined) return '';
  if (report.sent === '') return ' No reminder went out: the event has started, or no member takes reminders.';
  return ` Reminder ${reachedBy(report)}.`;
}

/** "November 25, 2026": the day a "now" reminder went out, in club time. */
const sentDay = (sent: string, timeZone: string): string => dateFormat({ timeZone, month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(sent));

/** The event as last saved, sent again when only the image is removed. */
type SavedEvent = Omit<EventDraft, 'image'>;

const savedFrom = (event: ClubEvent | undefined): SavedEvent => ({
  id: event?.id ?? 0,
  title: event?.title ?? '',
  start: event?.start ?? '',
  end: event?.end ?? '',
  location: event?.location ?? '',
  addressLine1: event?.addressLine1 ?? '',
  addressLine2: event?.addressLine2 ?? '',
  country: event?.country ?? 'United States',
  text: event?.text ?? '',
  notifyDaysOut: event?.notifyDaysOut ?? [],
  imageUrl: event?.imageUrl ?? '',
});

/** The history state of the address a new event gets after its first save. */
const SAVED_AS_NEW = { savedAsNew: true } as const;

/** Whether the page's address is the one a new event's editor moved to after its first save. */
export const isSavedAsNew = (state: unknown): boolean => typeof state === 'object' && state !== null && 'savedAsNew' in state;

/** A venue with its address as the editor's fields hold it. */
export type EventPlace = Pick<ClubEvent, 'location' | 'addressLine1' | 'addressLine2'>;

/** Fills the venue and address fields of the button's form with `place`. */
function fillPlace(button: HTMLButtonElement, place: EventPlace): void {
  const fields = button.form?.elements;
  for (const name of ['location', 'addressLine1', 'addressLine2'] as const) {
    const field = fields?.namedItem(name);
    if (field instanceof HTMLInputElement) field.value = place[name];
  }
}

export type EventEditorProps = {
  event?: ClubEvent;
  signupSettings?: SignupSettings;
  /** Where the club meets (the admin sets it on the meetings page): one tap fills it in. */
  meetingPlace?: EventPlace;
  /** When the club meets (the admin sets it on the meetings page): one tap makes the event repeat on it. */
  meetingSchedule?: MeetingSchedule;
  /** The series the event is an occurrence of (null or absent: a single event). */
  series?: EventSeries | null;
};

/**
 * Said at the top of the editor once a new event is saved, and focused, so it is in view however
 * far down the Save button was: where to go next, or keep editing the same event.
 */
function CreatedNotice({ id }: { id: number }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} className="notice event-editor__created" role="status" tabIndex={-1}>
      Saved: <Link to={eventPath(id)}>view the event</Link> or <Link to={eventRosterPath(id)}>its roster</Link>. Changes below are saved to the same event.
    </p>
  );
}

/** Adds (no event) or edits an event: fields, reminders, a JPEG picture; delete after confirmation. */
export function EventEditor({ event, signupSettings = NO_SETTINGS, meetingPlace, meetingSchedule, series = null }: EventEditorProps) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<SavedEvent>(() => savedFrom(event));
  const [picture, setPicture] = useState<ImageChoice>(KEEP_IMAGE);
  const [endError, setEndError] = useState<string | undefined>(undefined);
  const [serverError, setServerError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SeriesScope | null>(null);
  const [repeat, setRepeat] = useState<RepeatDraft>(() => initialRepeat(series, event?.start ?? ''));
  const [scope, setScope] = useState<SeriesScope>('one');
  // A single event (or a new one) may be made a series; an occurrence changes its series only "this and following".
  const isSeriesChange = series ? scope === 'following' : repeat.frequency !== 'never';
  const [nowSentNote, setNowSentNote] = useState('');
  const [isDirty, setIsDirty] = useState(false);
  const [isJustCreated, setIsJustCreated] = useState(false);
  // Leaving by a link (View event, Back to the calendar, the menu) asks first while edits are unsaved.
  const guard = useUnsavedChangesGuard(isDirty);
  const save = useSaveEvent();
  const previewSeries = useSeriesPreview();
  // A series change that removes dates members signed up for asks first; the answer resolves the save.
  const [dropQuestion, setDropQuestion] = useState<{ title: string; removed: SeriesRemoval[]; answer: (isConfirmed: boolean) => void } | null>(null);
  const askToDrop = (title: string, removed: SeriesRemoval[]): Promise<boolean> =>
    new Promise((resolve) =>
      setDropQuestion({
        title,
        removed,
        answer: (isConfirmed) => {
          setDropQuestion(null);
          resolve(isConfirmed);
        },
      }),
    );
  const remove = useDeleteEvent();
  const timeZone = getClubTimeZone();
  const nowReminder = useNowReminder(saved.id).data;
  // Once "now" went out, a later save never sends it again: say so in place of the tick box.
  const isNowSent = nowReminder !== undefined && nowReminder.sent !== '';

  async function removePicture() {
    await save.mutateAsync({ ...saved, imageUrl: '' });
    setSaved((current) => ({ ...current, imageUrl: '' }));
  }

  return (
    <>
      {isJustCreated && <CreatedNotice id={saved.id} />}
      <Form
        aria-label={saved.id === 0 ? 'New event' : 'Edit event'}
        validate={async (data) => {
          const values = fieldsOf(data);
          const settings = signupSettingsOf(data);
          const { checkEventFields, checkSignupSettings } = await loadChecks();
          const message = (await checkEventFields(values)) ?? ('error' in settings ? settings.error : await checkSignupSettings(settings));
          setEndError(values.start !== '' && values.end !== '' && values.end < values.start ? (message ?? undefined) : undefined);
          return message;
        }}
        onError={setServerError}
        onDirtyChange={(isNowDirty) => {
          setIsDirty(isNowDirty);
          if (isNowDirty) void loadChecks();
        }}
        successMessage={nowSentNote === '' ? 'Successfully Saved' : `Successfully Saved.${nowSentNote}`}
        onSubmit={async (data) => {
          const values = fieldsOf(data);
          const settings = signupSettingsOf(data);
          const repeatRule = isSeriesChange ? repeatRuleOf(repeat) : undefined;
          let dropSignups = 0;
          if (series && repeatRule) {
            // The question's code loads while the server works out what the change removes.
            void SeriesDropsDialog.preload();
            const removed = await previewSeries(saved.id, values.start, repeatRule);
            dropSignups = droppedSignups(removed);
            if (dropSignups > 0 && !(await askToDrop(values.title, removed))) return SUBMIT_CANCELLED;
          }
          const reply = await save.mutateAsync({
            ...values,
            id: saved.id,
            imageUrl: picture.kind === 'remove' ? '' : saved.imageUrl,
            image: picture.kind === 'new' ? picture.file : undefined,
            signup: 'error' in settings ? undefined : settings,
            repeat: repeatRule,
            scope: series ? scope : undefined,
            dropSignups,
          });
          return { reply, values };
        }}
        onSuccess={({ reply, values }) => {
          const isNew = saved.id === 0;
          setSaved({ ...values, id: reply.id, imageUrl: reply.imageUrl });
          setPicture(KEEP_IMAGE);
          setNowSentNote(describeNowSent(reply.nowReminder));
          // Later saves edit the same event, and a reload opens it; the page keeps this editor on screen.
          if (isNew) void navigate(editEventPath(reply.id), { replace: true, state: SAVED_AS_NEW });
          setIsJustCreated(isNew);
        }}
        actions={
          <>
            {saved.id !== 0 && (
              <Link className="button" to={eventPath(saved.id)}>
                View event
              </Link>
            )}
            <Link className="button" to={eventsMonthPath(saved.start === '' ? undefined : saved.start.slice(0, 7))}>
              Back to the calendar
            </Link>
            {saved.id !== 0 && (
              <button type="button" className="button button--danger" onFocus={() => void ConfirmDeleteDialog.preload()} onClick={() => setDeleting('one')}>
                {series ? 'Delete this event' : 'Delete event'}
              </button>
            )}
            {saved.id !== 0 && series && (
              <button
                type="button"
                className="button button--danger"
                onFocus={() => void ConfirmDeleteDialog.preload()}
                onClick={() => setDeleting('following')}
              >
                Delete this and the following
              </button>
            )}
          </>
        }
      >
        {series && (
          <fieldset className="choice-group">
            <legend>This event repeats: {series.description}</legend>
            {(
              [
                ['one', 'Change this event only'],
                ['following', 'Change this and the following events'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="choice">
                <input type="radio" name="scope" value={value} checked={scope === value} onFocus={preloadRepeatRule} onChange={() => setScope(value)} /> {label}
              </label>
            ))}
          </fieldset>
        )}
        <FormField label="Title" name="title" defaultValue={saved.title} required maxLength={200} autoComplete="off" data-autofocus />
        <div className="event-editor__times">
          <FormField
            label="Start"
            name="start"
            type="datetime-local"
            defaultValue={saved.start}
            required
            hint={`Club time (${timeZone})`}
            onChange={() => setEndError(undefined)}
          />
          <FormField
            label="End"
            name="end"
            type="datetime-local"
            defaultValue={saved.end}
            required
            hint={`Club time (${timeZone})`}
            error={endError}
            onChange={() => setEndError(undefined)}
          />
        </div>
        {(!series || scope === 'following') && <RepeatFields draft={repeat} onChange={setRepeat} meetingSchedule={meetingSchedule} timeZone={timeZone} />}
        {meetingPlace && (
          <p className="event-editor__meeting-place">
            <button type="button" className="button" onClick={(click) => fillPlace(click.currentTarget, meetingPlace)}>
              Use the meeting place
            </button>
            <span className="event-editor__meeting-place-name">
              {meetingPlace.location}, {meetingPlace.addressLine1}
            </span>
          </p>
        )}
        <FormField label="Venue" name="location" defaultValue={saved.location} maxLength={200} autoComplete="off" />
        <FormField label="Address line 1" name="addressLine1" defaultValue={saved.addressLine1} maxLength={200} autoComplete="off" />
        <FormField label="Address line 2 (city, state, zip)" name="addressLine2" defaultValue={saved.addressLine2} maxLength={200} autoComplete="off" />
        <FormField label="Country" name="country" defaultValue={saved.country} maxLength={100} autoComplete="off" />
        <TextAreaField
          label="Description"
          name="text"
          defaultValue={saved.text}
          rows={6}
          maxLength={20000}
          hint="Plain text. To add a link, write the address between [u] and [/u], like [u]https://example.org[/u]."
        />
        <fieldset className="choice-group">
          <legend>E-mail reminders</legend>
          {isNowSent && (
            <p className="event-editor__now-sent">
              Now: sent {sentDay(nowReminder.sent, timeZone)}, {reachedBy(nowReminder) || 'to nobody'}. Saving again does not send it again.
            </p>
          )}
          {REMINDER_DAYS.filter((days) => days !== 0 || !isNowSent).map((days) => (
            <label key={days} className="choice">
              <input type="checkbox" name="notifyDaysOut" value={days} defaultChecked={saved.notifyDaysOut.includes(days)} /> {REMINDER_LABELS[days]}
            </label>
          ))}
        </fieldset>
        <fieldset className="event-editor__signup">
          <legend>Sign-up (tours and meets)</legend>
          <div className="event-editor__times">
            <FormField
              label="Capacity (people)"
              name="capacity"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              defaultValue={signupSettings.capacity === null ? '' : String(signupSettings.capacity)}
              hint="Empty for no limit. When full, new sign-ups join a waiting list."
            />
            <FormField
              label="Sign-up closes"
              name="deadline"
              type="datetime-local"
              defaultValue={signupSettings.deadline}
              hint={`Empty to keep it open. Club time (${timeZone})`}
            />
          </div>
          <TextAreaField
            label="Questions for each person"
            name="questions"
            rows={3}
            defaultValue={formatQuestions(signupSettings.choices)}
            hint='One a line, answers split by "/", like "Dinner: chicken / fish / none". Empty for none.'
          />
        </fieldset>
        <ImagePicker
          label={saved.imageUrl === '' ? 'Picture (JPEG)' : 'Replace the picture (JPEG)'}
          hint="A JPEG photo; it is resized for the web when saved."
          currentUrl={saved.imageUrl}
          currentAlt={`Current picture for ${saved.title}`}
          choice={picture}
          onChange={setPicture}
          removal={saved.id === 0 ? undefined : removePicture}
        />
      </Form>

      {deleting !== null && (
        <ConfirmDeleteDialog
          title={deleting === 'following' ? 'Delete this and the following events' : 'Delete event'}
          question={
            deleting === 'following'
              ? `Delete “${saved.title}” and every later event of its series? Their attendance lists go with them; members who said they are coming are told by e-mail that it is cancelled. This cannot be undone.`
              : `Delete “${saved.title}”? Its attendance list and picture go with it; members who said they are coming are told by e-mail that it is cancelled. This cannot be undone.`
          }
          confirmLabel="Delete"
          onConfirm={() => remove.mutateAsync(saved.id, deleting)}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            void navigate(eventsMonthPath(saved.start.slice(0, 7)), { replace: true, state: { deleted: saved.title } satisfies DeletedState });
          }}
        />
      )}
      {dropQuestion !== null && (
        <SeriesDropsDialog
          title={dropQuestion.title}
          removed={dropQuestion.removed}
          onConfirm={() => dropQuestion.answer(true)}
          onClose={() => dropQuestion.answer(false)}
        />
      )}
      <ErrorDialog message={serverError} onClose={() => setServerError(null)} />
      {guard.dialog}
    </>
  );
}
