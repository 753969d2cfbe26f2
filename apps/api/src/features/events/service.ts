import { EVENTS_PAGE_SIZE, REMINDER_DAYS, addDays, clubNow } from '@club/contracts/plain';
import type {
  ClubEvent,
  EventNeighbour,
  EventSignups,
  EventSummary,
  EventSeries,
  RepeatRuleInput,
  SeriesRemoval,
  SeriesScope,
  SessionUser,
  SignupSettings,
} from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { changeStampOf } from '../../db/change-stamp.ts';
import type { DbOrTx } from '../../db/client.ts';
import { packCalendar, type CalendarFile } from './calendar-file.ts';
import { buildCalendar, buildFeed } from './ical.ts';
import type { NowReminderReport } from './reminders.ts';
import { deleteOccurrences, previewSeriesWrite, readSeriesOf, writeSeries } from './series.ts';
import { isImageInUse, listSeries } from './series-store.ts';
import { queueCancellationNotices, queueEventChangeNotices } from '../signups/notices.ts';
import { applySignupSettings, readEventSignups } from '../signups/service.ts';
import {
  attachAttendance,
  attendanceReader,
  deleteFeed,
  findEvent,
  findEventNeighbours,
  findFeedCreated,
  feedMemberFinder,
  iterateEvents,
  listEventsEndedBefore,
  listEventsEndingFrom,
  listEventSummaries,
  listFeedEvents,
  replaceFeedToken,
  writeEvent,
  type DayWindow,
  type EventFields,
} from './store.ts';

/**
 * Ends a member's private calendar feed for good: run when the member is disabled, in the same
 * transaction, so that enabling them again does not revive an address that may have been passed on.
 */
export function revokeCalendarFeed(tx: DbOrTx, memberId: number): void {
  deleteFeed(tx, memberId);
}

const IMAGE_SIZE = 1600;
const DEFAULT_COUNTRY = 'United States';

/** An event as an editor saves it: id 0 adds one. */
type EventSave = Omit<EventFields, 'imageUrl'> & {
  id: number;
  /** False removes the current image; a new `image` replaces it either way. */
  keepImage: boolean;
  image?: Buffer;
  /** The sign-up settings, written in the same transaction as the event; undefined keeps them. */
  signup?: SignupSettings;
  /** How the event repeats: makes or changes a series (see `scope`); undefined saves the event alone. */
  repeat?: RepeatRuleInput;
  /** For an occurrence: 'one' saves it alone (repeat is then ignored), 'following' it and the later ones. */
  scope?: SeriesScope;
  /** The editor saving: not e-mailed about their own sign-ups a series change drops. */
  actorId?: number;
  /** How many sign-ups on occurrences a series change removes the editor agreed to drop (see `previewSeries`). */
  dropSignups?: number;
};

/**
 * Every event with its attendance (the legacy list), read one event at a time as `events` is
 * iterated, and the display names in those lists, sorted: `names` is known once `events` has been
 * iterated to its end.
 */
type EventsStream = { events: Iterable<ClubEvent>; names: () => string[] };

/** One event (null for an unknown id) and the events just before and after it in start order. */
type EventRead = {
  event: ClubEvent | null;
  signups: EventSignups | null;
  series: EventSeries | null;
  earlier: EventNeighbour | null;
  later: EventNeighbour | null;
};

export type EventsService = {
  /** Every event, each with its attendance and the viewer's own entry marked, one at a time. */
  streamAll(viewer: SessionUser): EventsStream;
  /** One event as the viewer sees it, with its neighbours. */
  readOne(viewer: SessionUser, id: number): EventRead;
  /** The events that overlap the days from..to (inclusive, club time), as brief rows; reads no attendance. */
  listWindow(window: DayWindow): EventSummary[];
  /** Every event not yet ended at a moment (club time, YYYY-MM-DDTHH:mm), soonest first; reads no attendance. */
  listUpcoming(at: string): EventSummary[];
  /** One page (1 = the latest) of the events that ended before a moment, latest first, and how many there are. */
  listPast(at: string, page: number): { rows: EventSummary[]; total: number };
  /** Who may add or edit events is the registry's rule (`event.save` needs "event"): no owner rule here. */
  save(event: EventSave): Promise<{ id: number; imageUrl: string }>;
  /** What changing an occurrence's series from it on to `repeat` (starting at `start`) would remove, with the sign-ups each drops; writes nothing. */
  previewSeries(id: number, start: string, repeat: RepeatRuleInput): SeriesRemoval[];
  /** Whom the event's "now" reminder reached (members e-mailed and pushed) and when it first went out. */
  nowReminder(id: number): NowReminderReport;
  /** Deletes the event with its attendance, its reminder ledger and waiting pushes, and its image file; for an occurrence, it alone or it and the following ones. */
  /** Deletes an event (or the rest of its series); members coming to a day still ahead are e-mailed, not the actor. */
  remove(id: number, scope?: SeriesScope, actorId?: number | null): void;
  /** One event as an iCalendar file. */
  eventCalendar(id: number): CalendarFile;
  /**
   * The private feed for the owner of a feed token (events from a year ago on, see
   * `FEED_PAST_DAYS`, with their text from today to `FEED_TEXT_DAYS` ahead); undefined for an
   * unknown token or a disabled member.
   */
  feedCalendar(token: string): CalendarFile | undefined;
  /** When the member's feed address was made ('' if they have none). */
  feedCreated(member: SessionUser): string;
  /** A new private feed address for the member; their previous one stops working. */
  resetFeed(member: SessionUser): { url: string; created: string };
};

/** Whether one answer was given before another (the order of `listAttendance`: when, then whose). */
const isEarlierAnswer = (a: { modified: string; memberId: number }, b: { modified: string; memberId: number }): boolean =>
  a.modified < b.modified || (a.modified === b.modified && a.memberId < b.memberId);

/**
 * How far back the private feed reaches: events that started up to a year ago. Calendar apps
 * poll the feed and show what it holds, and the club's 15 years of events made it grow with every
 * season (several MB at ten times the data); a year back covers "when was that last time".
 */
const FEED_PAST_DAYS = 365;

/**
 * How far ahead the private feed's events carry their text: a season (90 days). Later ones carry
 * their title, times, place and page, and gain their text as they come near. At ten times the
 * club's data the text of 433 coming events was half the feed (49 KB of gzip; 29 KB with this).
 */
const FEED_TEXT_DAYS = 90;

/** How many events' .ics files are kept at once (about 1 KB each); past it they are written anew. */
const MAX_EVENT_FILES = 1000;

/** Reminder days once each, in the order of the choices (now, 1, 3, 5). */
const normalizeReminders = (days: number[]): number[] => REMINDER_DAYS.filter((d) => days.includes(d));

export function createEventsService({ db, services, config }: Pick<AppDeps, 'db' | 'services' | 'config'>): EventsService {
  const calendarOptions = { name: `${config.clubName} events`, timeZone: config.timeZone, baseUrl: config.baseUrl };
  const feedUrl = (token: string): string => `${config.baseUrl}/calendar/${token}.ics`;
  const today = (): string => clubNow(new Date(), config.timeZone).slice(0, 10);
  // The feed is the same for every member (it holds no answers of theirs), so it is written and
  // compressed once per change to the database and per day (the window moves), not per poll.
  const changes = changeStampOf(db);
  const findFeedMember = feedMemberFinder(db);
  let feed: { key: string; file: CalendarFile } | undefined;
  // One event's .ics likewise, per event: compressing each download anew cost more than the rest.
  let eventFiles: { stamp: string; files: Map<number, CalendarFile> } = { stamp: '', files: new Map() };

  return {
    streamAll(viewer) {
      const attendanceOf = attendanceReader(db);
      // Each name's first answer (when, whose): the names were gathered in that order before they were
      // sorted, which decides between names that localeCompare holds equal.
      const firstAnswers = new Map<string, { modified: string; memberId: number }>();
      function* eventsWithAttendance(): Generator<ClubEvent> {
        for (const record of iterateEvents(db)) {
          const list = attendanceOf(record.id);
          for (const { displayName, modified, memberId } of list) {
            const seen = firstAnswers.get(displayName);
            if (!seen || isEarlierAnswer({ modified, memberId }, seen)) firstAnswers.set(displayName, { modified, memberId });
          }
          yield {
            ...record,
            attendance: list.map(({ displayName, isAttending, totalAttending, comments }) => ({ displayName, isAttending, totalAttending, comments })),
            myAttendanceIndex: list.findIndex((entry) => entry.memberId === viewer.id),
          };
        }
      }
      const names = () =>
        [...firstAnswers.entries()]
          .sort(([, a], [, b]) => (isEarlierAnswer(a, b) ? -1 : isEarlierAnswer(b, a) ? 1 : 0))
          .map(([name]) => name)
          .sort((a, b) => a.localeCompare(b));
      return { events: eventsWithAttendance(), names };
    },

    readOne(viewer, id) {
      const record = findEvent(db, id);
      if (!record) return { event: null, signups: null, series: null, earlier: null, later: null };
      const [event = null] = attachAttendance(db, [record], viewer.id).events;
      return { event, signups: readEventSignups(db, id, viewer.id), series: readSeriesOf(db, id), ...findEventNeighbours(db, record) };
    },

    listWindow: (window) => listEventSummaries(db, window),

    listUpcoming: (at) => listEventsEndingFrom(db, at),

    listPast(at, page) {
      const { records, total } = listEventsEndedBefore(db, at, page, EVENTS_PAGE_SIZE);
      return { rows: records, total };
    },

    async save({ id, keepImage, image, signup, repeat, scope = 'one', actorId, dropSignups = 0, ...input }) {
      const existing = id === 0 ? undefined : findEvent(db, id);
      if (id !== 0 && !existing) throw notFound('That event');
      if (input.end < input.start) throw badRequest('The end must not be before the start.');
      const keptImage = keepImage ? (existing?.imageUrl ?? '') : '';
      const pending = image && { buffer: image, options: { folder: 'events', maxSize: IMAGE_SIZE } };
      return services.images.saveWithUploads([pending], ([newImage]) => {
        const fields: EventFields = {
          ...input,
          country: input.country || DEFAULT_COUNTRY,
          notifyDaysOut: normalizeReminders(input.notifyDaysOut),
          imageUrl: newImage ?? keptImage,
        };
        let isNoticeQueued = false;
        let isMailQueued = false;
        const eventId = db.transaction((tx) => {
          // Checked again inside the write: storing the image lets another request in, which may have deleted it.
          const before = id === 0 ? undefined : findEvent(tx, id);
          if (id !== 0 && !before) throw notFound('That event');
          const inSeries = before !== undefined && readSeriesOf(tx, before.id) !== null;
          // A repeat rule makes or changes a series, unless only this occurrence is edited; "never" on a single event is a plain save.
          if (repeat && (inSeries ? scope === 'following' : repeat.frequency !== 'never')) {
            const written = writeSeries(tx, config, {
              existing: before,
              fields,
              signup,
              rule: repeat,
              today: today(),
              actorId: actorId ?? null,
              allowedDrops: dropSignups,
            });
            services.search.reindex(tx, 'event', written.touched);
            if (written.notices > 0) isNoticeQueued = true;
            if (written.mails > 0) isMailQueued = true;
            return written.id;
          }
          const savedId = writeEvent(tx, id, fields);
          // Everyone signed up hears of a new date, time or place, in the same transaction as the change.
          if (before && queueEventChangeNotices(tx, config, before, { ...fields, id: savedId }) > 0) isNoticeQueued = true;
          // The settings go with the event: refused, neither is saved.
          if (signup && applySignupSettings(tx, config, { ...fields, id: savedId }, signup) > 0) isMailQueued = true;
          services.search.reindex(tx, 'event', [savedId]);
          return savedId;
        });
        // A "now" reminder is queued before the reply (once per event, never again at a later save),
        // so the editor can say at once whom it reached (`event.nowReminder`).
        if (fields.notifyDaysOut.includes(0)) services.reminders.sendNow(eventId);
        if (isNoticeQueued) services.push.kick();
        if (isNoticeQueued || isMailQueued) services.mail.kick();
        // Occurrences of a series share their picture: a file goes only when nothing shows it any more.
        const dropped = existing?.imageUrl !== fields.imageUrl && existing?.imageUrl && !isImageInUse(db, existing.imageUrl) ? existing.imageUrl : undefined;
        return { result: { id: eventId, imageUrl: fields.imageUrl }, dropped: [dropped] };
      });
    },

    previewSeries(id, start, repeat) {
      const existing = findEvent(db, id);
      if (!existing) throw notFound('That event');
      return previewSeriesWrite(db, { existing, start, rule: repeat, today: today() });
    },

    nowReminder(id) {
      if (!findEvent(db, id)) throw notFound('That event');
      return services.reminders.reportNow(id);
    },

    remove(id, scope = 'one', actorId = null) {
      let mails = 0;
      const images = db.transaction((tx) => {
        if (!findEvent(tx, id)) throw notFound('That event');
        const now = clubNow(new Date(), config.timeZone);
        // Whoever was coming to a day still ahead hears that it is cancelled, in this transaction.
        const deleted = deleteOccurrences(tx, id, scope, (events) => {
          mails = queueCancellationNotices(
            tx,
            config,
            events.filter((event) => event.end >= now),
            { actorId },
          );
        });
        services.search.reindex(tx, 'event', deleted.ids);
        return deleted.images;
      });
      if (mails > 0) services.mail.kick();
      for (const image of new Set(images)) if (image && !isImageInUse(db, image)) services.images.remove(image);
    },

    eventCalendar(id) {
      const stamp = changes();
      if (eventFiles.stamp !== stamp) eventFiles = { stamp, files: new Map() };
      const kept = eventFiles.files.get(id);
      if (kept) return kept;
      const record = findEvent(db, id);
      if (!record) throw notFound('That event');
      const file = packCalendar(buildCalendar([record], calendarOptions));
      if (eventFiles.files.size >= MAX_EVENT_FILES) eventFiles.files.clear();
      eventFiles.files.set(id, file);
      return file;
    },

    feedCalendar(token) {
      if (token.length === 0 || token.length > 200) return undefined;
      if (findFeedMember(hashToken(token)) === undefined) return undefined;
      const day = today();
      const from = addDays(day, -FEED_PAST_DAYS);
      const key = `${changes()}|${day}`;
      if (feed?.key !== key)
        feed = {
          key,
          file: packCalendar(
            buildFeed(listFeedEvents(db, from), listSeries(db), { ...calendarOptions, textFrom: day, textUntil: addDays(day, FEED_TEXT_DAYS) }),
          ),
        };
      return feed.file;
    },

    feedCreated: (member) => findFeedCreated(db, member.id) ?? '',

    resetFeed(member) {
      const token = newToken();
      const created = replaceFeedToken(db, member.id, hashToken(token));
      return { url: feedUrl(token), created };
    },
  };
}
