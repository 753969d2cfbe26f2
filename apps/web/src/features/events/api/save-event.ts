import type { ClubEvent } from '@club/contracts';
import type { CallBody } from '../../../api/client.ts';
import { useCallMutation } from '../../../api/call-query.ts';
import { checkAgainstContract } from '../../../components/contract-check.ts';
import { EVENT_READS } from './event-reads.ts';

/** What an editor sets of an event, under the entity's names. */
export type EventFields = Pick<ClubEvent, 'title' | 'start' | 'end' | 'location' | 'addressLine1' | 'addressLine2' | 'country' | 'text' | 'notifyDaysOut'>;

/** An event as the editor saves it: id 0 adds one. */
export type EventDraft = EventFields & {
  id: number;
  /** The picture kept; '' removes it. A new `image` replaces it either way. */
  imageUrl: string;
  image?: File;
};

/** The event as saved: its id (new for a new event) and its picture's address ('' for none). */
export type SavedEvent = { id: number; imageUrl: string };

/** The wire fields of `event.save` (its letter codes and legacy names), mapped here only. */
const toSaveBody = ({ id, title, start, end, location, addressLine1, addressLine2, country, text, notifyDaysOut, imageUrl }: Omit<EventDraft, 'image'>): CallBody<'event.save'> => ({
  id,
  t: title,
  start,
  end,
  venue: location,
  address: addressLine1,
  address2: addressLine2,
  country,
  description: text,
  notify: notifyDaysOut,
  img: imageUrl,
});

/** The contract's first message about the fields, or null when they pass (the server's words). */
export function checkEventFields(fields: EventFields): string | null {
  return checkAgainstContract('event.save', { ...toSaveBody({ ...fields, id: 0, imageUrl: '' }), g: 'checked-by-the-server' });
}

/** Adds or changes an event; every event read is reloaded before it resolves. */
export function useSaveEvent() {
  const { mutateAsync, isPending } = useCallMutation('event.save', { invalidates: EVENT_READS });
  return {
    isPending,
    mutateAsync: async ({ image, ...draft }: EventDraft): Promise<SavedEvent> => {
      const reply = await mutateAsync({ body: toSaveBody(draft), files: image ? { f: image } : {} });
      return { id: reply.i, imageUrl: reply.img };
    },
  };
}
