import {
  EVENTS_PAGE_SIZE,
  REMINDER_DAYS,
  type AttendanceEntry,
  type ClubEvent,
  type EventNeighbour,
  type EventSummary,
  type SessionUser,
} from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { buildCalendar } from './ical.ts';
import {
  deleteEvent,
  findEvent,
  findEventNeighbours,
  findFeedCreated,
  findFeedMember,
  listAttendance,
  listEvents,
  listEventsEndedBefore,
  listEventsEndingFrom,
  removeAttendance,
  replaceFeedToken,
  upsertAttendance,
  writeEvent,
  type AttendanceRecord,
  type DayWindow,
  type EventFields,
  type EventRecord,
  type EventSummaryRecord,
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

/** What a page reads in full (events.get): one event, a window of days, or without either every event. */
export type EventsQuery = DayWindow & {
  /** One event, with its neighbours. */
  id?: number;
};

/** What a list reads (events.get): one of these ways. */
export type EventRowsQuery =
  /** Every event not yet ended at this moment (club time, YYYY-MM-DDTHH:mm). */
  | { upcoming: string }
  /** The events that ended before this moment, latest first, a page at a time (1 = the latest). */
  | { past: string; page: number };

/** Events with their attendance, and neighbours for one event. */
export type EventsRead = {
  events: ClubEvent[];
  /** The display names in those events' attendance lists, sorted. */
  names: string[];
  earlier?: EventNeighbour | null;
  later?: EventNeighbour | null;
};

/** Brief rows for a list, and a total for past pages. */
export type EventRowsRead = { rows: EventSummary[]; total?: number };

export type EventsService = {
  /** The events a page asks for, each with its attendance and the viewer's own entry marked. */
  read(viewer: SessionUser, query?: EventsQuery): EventsRead;
  /** The upcoming events or a page of past ones as brief rows; reads no attendance. */
  readRows(query: EventRowsQuery): EventRowsRead;
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

/** The wire shape of a list row. */
const toEventSummary = ({ id, title, start, end, venue }: EventSummaryRecord): EventSummary => ({ id, title, start, end, location: venue });

/** Reminder days once each, in the order of the choices (now, 1, 3, 5). */
const normalizeReminders = (days: number[]): number[] => REMINDER_DAYS.filter((d) => days.includes(d));

export function createEventsService({ db, services, config }: Pick<AppDeps, 'db' | 'services' | 'config'>): EventsService {
  /** The records as the viewer sees them; `isEveryEvent` reads all attendance at once rather than by id. */
  const withAttendance = (records: EventRecord[], viewer: SessionUser, isEveryEvent: boolean): { events: ClubEvent[]; names: string[] } => {
    const entries = listAttendance(db, isEveryEvent ? undefined : records.map((r) => r.id));
    const byEvent = new Map<number, AttendanceRecord[]>();
    for (const entry of entries) {
      const list = byEvent.get(entry.eventId);
      if (list) list.push(entry);
      else byEvent.set(entry.eventId, [entry]);
    }
    const names = [...new Set(entries.map((entry) => entry.displayName))].sort((a, b) => a.localeCompare(b));
    return { events: records.map((r) => toClubEvent(r, byEvent.get(r.id) ?? [], viewer.id)), names };
  };
  const calendarOptions = { name: `${config.clubName} events`, timeZone: config.timeZone, baseUrl: config.baseUrl };
  const feedUrl = (token: string): string => `${config.baseUrl}/calendar/${token}.ics`;

  return {
    read(viewer, { id, ...window } = {}) {
      if (id !== undefined) {
        const record = findEvent(db, id);
        if (!record) return { events: [], names: [], earlier: null, later: null };
        return { ...withAttendance([record], viewer, false), ...findEventNeighbours(db, record) };
      }
      const isWindow = window.from !== undefined || window.to !== undefined;
      return withAttendance(listEvents(db, window), viewer, !isWindow);
    },

    readRows(query) {
      if ('upcoming' in query) return { rows: listEventsEndingFrom(db, query.upcoming).map(toEventSummary) };
      const { records, total } = listEventsEndedBefore(db, query.past, query.page, EVENTS_PAGE_SIZE);
      return { rows: records.map(toEventSummary), total };
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
