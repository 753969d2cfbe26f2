import type { ClubEvent, RepeatRule, SeriesScope, SignupSettings } from '@club/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '../../../api/client.ts';
import { useCallMutation } from '../../../api/call-query.ts';
import { useSessionToken } from '../../../session/index.ts';
import { EVENT_READS, nowReminderQueryOptions, seriesPreviewQueryOptions } from './event-reads.ts';

/** What an editor sets of an event, under the entity's names. */
export type EventFields = Pick<ClubEvent, 'title' | 'start' | 'end' | 'location' | 'addressLine1' | 'addressLine2' | 'country' | 'text' | 'notifyDaysOut'>;

/** An event as the editor saves it: id 0 adds one. */
export type EventDraft = EventFields & {
  id: number;
  /** The picture kept; '' removes it. A new `image` replaces it either way. */
  imageUrl: string;
  image?: File;
  /** The sign-up settings, saved in the same write as the event; undefined keeps them. */
  signup?: SignupSettings;
  /** How the event repeats ('never' stops a series here); undefined saves the event alone. */
  repeat?: Omit<RepeatRule, 'frequency'> & { frequency: RepeatRule['frequency'] | 'never' };
  /** For an occurrence: this one only, or this and the following ones. */
  scope?: SeriesScope;
  /** How many sign-ups on dates a series change removes the editor agreed to drop (`useSeriesPreview`). */
  dropSignups?: number;
};

/** Whom an event's "now" reminder reached, and when it first went out ('' never). */
export type NowReminder = { emailed: number; pushed: number; sent: string };

/**
 * The event as saved: its id (new for a new event), its picture's address ('' for none) and,
 * when it was saved with "now" ticked, whom that reminder reached.
 */
export type SavedEvent = { id: number; imageUrl: string; nowReminder?: NowReminder };

/** The wire fields of `event.save` (its letter codes and legacy names), mapped here only. */
export const toSaveBody = ({
  id,
  title,
  start,
  end,
  location,
  addressLine1,
  addressLine2,
  country,
  text,
  notifyDaysOut,
  imageUrl,
  signup,
  repeat,
  scope,
  dropSignups,
}: Omit<EventDraft, 'image'>): CallBody<'event.save'> => ({
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
  // A multipart field carries the settings as JSON text.
  ...(signup && { signup: JSON.stringify({ ...signup, capacity: signup.capacity ?? '' }) }),
  ...(repeat && { repeat: JSON.stringify({ ...repeat, count: repeat.count ?? '' }) }),
  ...(scope && { scope }),
  ...(dropSignups !== undefined && dropSignups > 0 && { dropSignups }),
});

/** What a series change from an occurrence on would remove: each date with the sign-ups it drops. */
export type SeriesRemoval = { id: number; start: string; households: number; people: number };

/**
 * Asks what saving a series change from an occurrence on would remove (nothing is written), fresh
 * each time: the editor confirms the sign-ups it drops before saving.
 */
export function useSeriesPreview() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return async (id: number, start: string, repeat: NonNullable<EventDraft['repeat']>): Promise<SeriesRemoval[]> => {
    const reply = await queryClient.fetchQuery({ ...seriesPreviewQueryOptions(id, start, repeat, token), staleTime: 0 });
    return reply.removed;
  };
}

/**
 * Adds or changes an event (with its sign-up settings, in one write); every event read and the
 * roster are reloaded before it resolves. A save with "now"
 * ticked has queued that reminder before replying; `event.save` keeps the spec's reply, so whom it
 * reached is asked of `event.nowReminder` before this resolves.
 */
export function useSaveEvent() {
  const queryClient = useQueryClient();
  const { mutateAsync, isPending } = useCallMutation('event.save', { invalidates: [...EVENT_READS, 'event.roster'] });
  return {
    isPending,
    mutateAsync: async ({ image, ...draft }: EventDraft): Promise<SavedEvent> => {
      const reply = await mutateAsync({ body: toSaveBody(draft), files: image ? { f: image } : {} });
      const saved: SavedEvent = { id: reply.i, imageUrl: reply.img };
      if (!draft.notifyDaysOut.includes(0)) return saved;
      // The event is saved either way: a failed report only leaves the count unsaid.
      const nowReminder = await queryClient.fetchQuery({ ...nowReminderQueryOptions(reply.i), staleTime: 0 }).catch(() => undefined);
      return { ...saved, nowReminder };
    },
  };
}
