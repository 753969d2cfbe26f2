import { REMINDER_DAYS, type AttendanceEntry, type ClubEvent, type SessionUser } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors.ts';
import { hashToken, newToken } from '../../http/tokens.ts';
import { buildCalendar } from './ical.ts';
import {
  deleteEvent,
  findEvent,
  findFeedCreated,
  findFeedMember,
  listAttendance,
  listEvents,
  removeAttendance,
  replaceFeedToken,
  upsertAttendance,
  writeEvent,
  type AttendanceRecord,
  type DayWindow,
  type EventFields,
  type EventRecord,
} from './store.ts';

const IMAGE_SIZE = 1600;
const DEFAULT_COUNTRY = 'United States';

/** An event as an editor saves it: id 0 adds one. */
export type EventSave = Omit<EventFields, 'imagePath'> & {
  id: number;
  /** False removes the current image; a new `image` replaces it either way. */
  keepImage: boolean;
  image?: Buffer;
};

export type AttendanceChoice =
  | { eventId: number; choice: 'attending'; total: number; comments: string }
  | { eventId: number; choice: 'notAttending'; comments: string }
  /** Not Sure stores nothing and removes the member's entry. */
  | { eventId: number; choice: 'notSure' };

export type EventsService = {
  /** The events (overlapping the window, or all), each with its attendance and the viewer's own entry marked. */
  list(viewer: SessionUser, window?: DayWindow): { events: ClubEvent[]; names: string[] };
  save(actor: SessionUser, event: EventSave): Promise<{ id: number; imageUrl: string }>;
  /** Deletes the event with its attendance, its reminder ledger and waiting pushes, and its image file. */
  remove(actor: SessionUser, id: number): void;
  /** Records the actor's own answer; nobody answers for another member. */
  setAttendance(actor: SessionUser, answer: AttendanceChoice): void;
  /** One event as an iCalendar file. */
  eventCalendar(id: number): string;
  /** Every event as an iCalendar feed for the owner of a feed token; undefined for an unknown token. */
  feedCalendar(token: string): string | undefined;
  /** When the member's feed address was made ('' if they have none). */
  feedCreated(member: SessionUser): string;
  /** A new private feed address for the member; their previous one stops working. */
  resetFeed(member: SessionUser): { url: string; created: string };
};

/** The wire shape of an event for a viewer: attendance by answer order, `myAttendanceIndex` -1 when they have not answered. */
export function toClubEvent(record: EventRecord, entries: AttendanceRecord[], viewerId: number): ClubEvent {
  const attendance: AttendanceEntry[] = entries.map((entry) => ({
    displayName: entry.displayName,
    isAttending: entry.isAttending,
    totalAttending: entry.isAttending ? entry.total : 0,
    comments: entry.comments,
  }));
  return {
    id: record.id,
    title: record.title,
    start: record.start,
    end: record.end,
    location: record.venue,
    addressLine1: record.addressLine1,
    addressLine2: record.addressLine2,
    country: record.country,
    text: record.description,
    notifyDaysOut: record.notifyDaysOut,
    imageUrl: record.imagePath,
    attendance,
    myAttendanceIndex: entries.findIndex((entry) => entry.memberId === viewerId),
  };
}

/** Reminder days once each, in the order of the choices (now, 1, 3, 5). */
const normalizeReminders = (days: number[]): number[] => REMINDER_DAYS.filter((d) => days.includes(d));

export function createEventsService({ db, services, config }: Pick<AppDeps, 'db' | 'services' | 'config'>): EventsService {
  const calendarOptions = { name: `${config.clubName} events`, timeZone: config.timeZone, baseUrl: config.baseUrl };
  const feedUrl = (token: string): string => `${config.baseUrl}/calendar/${token}.ics`;

  return {
    list(viewer, window) {
      const records = listEvents(db, window ?? {});
      const entries = listAttendance(db, window?.from || window?.to ? records.map((r) => r.id) : undefined);
      const byEvent = new Map<number, AttendanceRecord[]>();
      for (const entry of entries) byEvent.set(entry.eventId, [...(byEvent.get(entry.eventId) ?? []), entry]);
      const names = [...new Set(entries.map((entry) => entry.displayName))].sort((a, b) => a.localeCompare(b));
      return { events: records.map((r) => toClubEvent(r, byEvent.get(r.id) ?? [], viewer.id)), names };
    },

    async save(_actor, { id, keepImage, image, ...input }) {
      const existing = id === 0 ? undefined : findEvent(db, id);
      if (id !== 0 && !existing) throw notFound('That event');
      if (input.end < input.start) throw badRequest('The end must not be before the start.');
      const keptImage = keepImage ? (existing?.imagePath ?? '') : '';
      const pending = image && { buffer: image, options: { folder: 'events', maxSize: IMAGE_SIZE } };
      return services.images.saveWithUploads([pending], ([newImage]) => {
        const fields: EventFields = {
          ...input,
          country: input.country || DEFAULT_COUNTRY,
          notifyDaysOut: normalizeReminders(input.notifyDaysOut),
          imagePath: newImage ?? keptImage,
        };
        const eventId = db.transaction((tx) => {
          // Checked again inside the write: storing the image lets another request in, which may have deleted it.
          if (id !== 0 && !findEvent(tx, id)) throw notFound('That event');
          return writeEvent(tx, id, fields);
        });
        // A "now" reminder goes out at once (the job sends it once per event, not at every save).
        if (fields.notifyDaysOut.includes(0)) services.reminders.kick();
        const dropped = existing?.imagePath !== fields.imagePath ? existing?.imagePath : undefined;
        return { result: { id: eventId, imageUrl: fields.imagePath }, dropped: [dropped] };
      });
    },

    remove(_actor, id) {
      const existing = findEvent(db, id);
      if (!existing) throw notFound('That event');
      deleteEvent(db, id);
      if (existing.imagePath) services.images.remove(existing.imagePath);
    },

    setAttendance(actor, answer) {
      db.transaction((tx) => {
        if (!findEvent(tx, answer.eventId)) throw notFound('That event');
        if (answer.choice === 'notSure') {
          removeAttendance(tx, answer.eventId, actor.id);
          return;
        }
        const isAttending = answer.choice === 'attending';
        upsertAttendance(tx, {
          eventId: answer.eventId,
          memberId: actor.id,
          isAttending,
          total: isAttending ? answer.total : 0,
          comments: answer.comments,
        });
      });
    },

    eventCalendar(id) {
      const record = findEvent(db, id);
      if (!record) throw notFound('That event');
      return buildCalendar([record], calendarOptions);
    },

    feedCalendar(token) {
      if (token.length === 0 || token.length > 200) return undefined;
      const memberId = findFeedMember(db, hashToken(token));
      return memberId === undefined ? undefined : buildCalendar(listEvents(db), calendarOptions);
    },

    feedCreated: (member) => findFeedCreated(db, member.id) ?? '',

    resetFeed(member) {
      const token = newToken();
      const created = replaceFeedToken(db, member.id, hashToken(token));
      return { url: feedUrl(token), created };
    },
  };
}
