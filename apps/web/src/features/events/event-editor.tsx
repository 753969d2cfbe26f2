import type { ClubEvent } from '@club/contracts';
import { REMINDER_DAYS } from '@club/contracts/browser';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getClubTimeZone } from '../../lib/club-time-zone.ts';
import { editEventPath, eventPath, eventsMonthPath } from '../../lib/paths.ts';
import { useCallMutation } from '../../api/call-query.ts';
import { errorMessageOf } from '../../api/api-error.ts';
import { checkAgainstContract } from '../../components/contract-check.ts';
import { Dialog } from '../../components/dialog.tsx';
import { ErrorDialog } from '../../components/error-dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { Form } from '../../components/form.tsx';
import { ImagePicker, KEEP_IMAGE, type ImageChoice } from '../../components/image-picker/image-picker.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import './events.css';

const FIELDS = {
  t: 'text',
  start: 'text',
  end: 'text',
  venue: 'text',
  address: 'text',
  address2: 'text',
  country: 'text',
  description: 'text',
  notify: 'list',
} as const;

const REMINDER_LABELS: Record<number, string> = { 0: 'Now (when saved)', 1: '1 day before', 3: '3 days before', 5: '5 days before' };

/** The event as last saved, sent again when only the image is removed. */
type SavedEvent = {
  id: number;
  t: string;
  start: string;
  end: string;
  venue: string;
  address: string;
  address2: string;
  country: string;
  description: string;
  notify: number[];
  imageUrl: string;
};

const savedFrom = (event: ClubEvent | undefined): SavedEvent => ({
  id: event?.id ?? 0,
  t: event?.title ?? '',
  start: event?.start ?? '',
  end: event?.end ?? '',
  venue: event?.location ?? '',
  address: event?.addressLine1 ?? '',
  address2: event?.addressLine2 ?? '',
  country: event?.country ?? 'United States',
  description: event?.text ?? '',
  notify: event?.notifyDaysOut ?? [],
  imageUrl: event?.imageUrl ?? '',
});

/** The history state of the address a new event gets after its first save. */
const SAVED_AS_NEW = { savedAsNew: true } as const;

/** Whether the page's address is the one a new event's editor moved to after its first save. */
export const isSavedAsNew = (state: unknown): boolean => typeof state === 'object' && state !== null && 'savedAsNew' in state;

/** Adds (no event) or edits an event: fields, reminders, a JPEG picture; delete after confirmation. */
export function EventEditor({ event }: { event?: ClubEvent }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<SavedEvent>(() => savedFrom(event));
  const [picture, setPicture] = useState<ImageChoice>(KEEP_IMAGE);
  const [endError, setEndError] = useState<string | undefined>(undefined);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const save = useCallMutation('event.save', { invalidates: ['events.get'] });
  const remove = useCallMutation('event.delete', { invalidates: ['events.get'] });
  const timeZone = getClubTimeZone();

  async function removePicture() {
    const { imageUrl: _current, ...fields } = saved;
    await save.mutateAsync({ body: { ...fields, img: '' } });
    setSaved((current) => ({ ...current, imageUrl: '' }));
  }

  async function deleteEvent() {
    try {
      await remove.mutateAsync({ body: { id: saved.id } });
      setIsConfirmingDelete(false);
      await navigate(eventsMonthPath(saved.start.slice(0, 7)));
    } catch (error) {
      setIsConfirmingDelete(false);
      setServerError(errorMessageOf(error));
    }
  }

  return (
    <>
      <Form
        aria-label={saved.id === 0 ? 'New event' : 'Edit event'}
        validate={(data) => {
          const values = readForm(data, FIELDS);
          const message = checkAgainstContract('event.save', { ...values, id: saved.id, g: 'checked-by-the-server' });
          setEndError(values.start !== '' && values.end !== '' && values.end < values.start ? (message ?? undefined) : undefined);
          return message;
        }}
        onError={setServerError}
        onSubmit={async (data) => {
          const values = readForm(data, FIELDS);
          const reply = await save.mutateAsync({
            body: { ...values, id: saved.id, img: picture.kind === 'remove' ? '' : saved.imageUrl },
            files: picture.kind === 'new' ? { f: picture.file } : {},
          });
          return { reply, values };
        }}
        onSuccess={({ reply, values }) => {
          const isNew = saved.id === 0;
          setSaved({ ...values, id: reply.i, notify: values.notify.map(Number), imageUrl: reply.img });
          setPicture(KEEP_IMAGE);
          // Later saves edit the same event, and a reload opens it; the page keeps this editor on screen.
          if (isNew) void navigate(editEventPath(reply.i), { replace: true, state: SAVED_AS_NEW });
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
              <button type="button" className="button button--danger" onClick={() => setIsConfirmingDelete(true)}>
                Delete event
              </button>
            )}
          </>
        }
      >
        <FormField label="Title" name="t" defaultValue={saved.t} required maxLength={200} autoComplete="off" data-autofocus />
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
        <FormField label="Venue" name="venue" defaultValue={saved.venue} maxLength={200} autoComplete="off" />
        <FormField label="Address line 1" name="address" defaultValue={saved.address} maxLength={200} autoComplete="off" />
        <FormField label="Address line 2 (city, state, zip)" name="address2" defaultValue={saved.address2} maxLength={200} autoComplete="off" />
        <FormField label="Country" name="country" defaultValue={saved.country} maxLength={100} autoComplete="off" />
        <TextAreaField
          label="Description"
          name="description"
          defaultValue={saved.description}
          rows={6}
          maxLength={20000}
          hint="Plain text. To add a link, write the address between [u] and [/u], like [u]https://example.org[/u]."
        />
        <fieldset className="event-editor__reminders">
          <legend>E-mail reminders</legend>
          {REMINDER_DAYS.map((days) => (
            <label key={days} className="event-editor__reminder">
              <input type="checkbox" name="notify" value={days} defaultChecked={saved.notify.includes(days)} /> {REMINDER_LABELS[days]}
            </label>
          ))}
        </fieldset>
        <ImagePicker
          label={saved.imageUrl === '' ? 'Picture (JPEG)' : 'Replace the picture (JPEG)'}
          hint="A JPEG photo; it is resized for the web when saved."
          currentUrl={saved.imageUrl}
          currentAlt={`Current picture for ${saved.t}`}
          choice={picture}
          onChange={setPicture}
          removal={saved.id === 0 ? undefined : removePicture}
        />
      </Form>

      <Dialog
        title="Delete event"
        isOpen={isConfirmingDelete}
        onClose={() => setIsConfirmingDelete(false)}
        footer={
          <>
            <button type="button" className="button button--danger" disabled={remove.isPending} onClick={() => void deleteEvent()}>
              Delete
            </button>
            <button type="button" className="button" onClick={() => setIsConfirmingDelete(false)} data-autofocus>
              Cancel
            </button>
          </>
        }
      >
        <p className="dialog__message">
          Delete “{saved.t}”? Its attendance list and picture go with it. This cannot be undone.
        </p>
      </Dialog>
      <ErrorDialog message={serverError} onClose={() => setServerError(null)} />
    </>
  );
}
