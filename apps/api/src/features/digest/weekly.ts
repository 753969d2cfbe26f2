import {
  blogPath,
  clubNow,
  dateFormat,
  describeStart,
  digestOffPath,
  eventPath,
  formatPrice,
  forumPath,
  imageSources,
  listingPath,
  newsletterPath,
  PATHS,
  renditionStemOf,
  rsvpPath,
} from '@club/contracts/plain';
import type { ListingSummary } from '@club/contracts';
import cron from 'node-cron';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { digestMail, type DigestMailContent, type MailPicture } from '../../services/digest-mail.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { queueMail, type MailMessage, type MailService } from '../../services/mail.ts';
import { oneLine } from '../../services/mail-templates.ts';
import type { SiteKeys } from '../../services/site-keys.ts';
import { unsubscribeToken } from '../../services/unsubscribe-links.ts';
import { listingsPublishedSince } from '../classifieds/service.ts';
import { rsvpToken } from './rsvp-links.ts';
import {
  claimDigest,
  findDigestReader,
  findNewNewsletter,
  listActiveThreads,
  listComingMembers,
  listDigestEvents,
  listDigestRecipients,
  listDigestedMembers,
  listNewPhotoPosts,
  type DigestEventRow,
  type DigestReader,
  type DigestRecipient,
} from './store.ts';

const DAY_MS = 86_400_000;
/** How far ahead the digest lists events. */
const DIGEST_EVENT_DAYS = 21;
/** How many new photo posts and listings (with a picture each) and threads a digest shows; the rest is a link to the page. */
const SHOWN_PHOTO_POSTS = 4;
const SHOWN_THREADS = 10;
const SHOWN_LISTINGS = 4;
/** A cover stored without its size in its name (before renditions, or the demo's) is shown at a letter page's shape. */
const LETTER_COVER = { width: 120, height: 155 };
/** What counts as new: added in the week before the digest. */
const NEW_WITHIN_MS = 7 * DAY_MS;
/** The schedule the preview assumes when DIGEST_CRON is off. */
const DEFAULT_DIGEST_CRON = '0 8 * * 1';

const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday (YYYY-MM-DD) of the week a club-local day is in: the digest ledger's week. */
export function weekOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** "November 30, 2026" for a YYYY-MM-DD day. */
const longDay = (day: string) => dateFormat({ timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(`${day}T00:00:00Z`));

/**
 * The next moment after `after` that a cron expression names in the club's zone (within 8
 * days; the digest's schedules are weekly at most), for the admin's preview of the next digest.
 */
export function nextRunOf(expression: string, after: Date, timeZone: string): Date {
  const fields = cron.parse(expression);
  const start = Math.floor(after.getTime() / 60_000) * 60_000 + 60_000;
  for (let at = start; at < start + 8 * DAY_MS; at += 60_000) {
    const local = clubNow(new Date(at), timeZone);
    const day = local.slice(0, 10);
    const matches =
      fields.minute.includes(Number(local.slice(14, 16))) &&
      fields.hour.includes(Number(local.slice(11, 13))) &&
      fields.dayOfMonth.includes(Number(day.slice(8, 10))) &&
      fields.month.includes(Number(day.slice(5, 7))) &&
      (fields.dayOfWeek.includes(new Date(`${day}T00:00:00Z`).getUTCDay()) || (new Date(`${day}T00:00:00Z`).getUTCDay() === 0 && fields.dayOfWeek.includes(7)));
    if (matches) return new Date(at);
  }
  return new Date(start);
}

type DigestConfig = Pick<Config, 'timeZone' | 'baseUrl' | 'clubName'>;

/** What the week's digest says (the same for everyone; only the "I'm coming" links differ). */
type DigestContent = {
  week: string;
  events: (DigestEventRow & { isNew: boolean })[];
  mail: Omit<DigestMailContent, 'events'>;
  /** Nothing was added this week: no digest goes out. */
  isEmpty: boolean;
};

/** A stored picture at the size the e-mail shows it (never wider than `maxWidth`), from a copy near twice that size. */
function mailPicture(baseUrl: string, url: string, maxWidth: number, alt: string): MailPicture | null {
  const sources = imageSources(url);
  const stem = renditionStemOf(url);
  if (!sources.width || !sources.height || !stem) return null;
  const copy = [480, 1024].find((w) => w >= maxWidth * 2 && w < (sources.width ?? 0)) ?? ((sources.width ?? 0) > 1024 ? 1024 : undefined);
  const width = Math.min(maxWidth, sources.width);
  return {
    src: `${baseUrl}${copy ? `${stem}.${copy}.jpg` : url}`,
    width,
    height: Math.round((width * sources.height) / sources.width),
    alt,
  };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Reads what the digest of the week of `at` says: events of the next three weeks, and what was added in the week before. */
function readDigestContent(db: DbOrTx, config: DigestConfig, at: Date): DigestContent {
  const nowLocal = clubNow(at, config.timeZone);
  const today = nowLocal.slice(0, 10);
  const since = new Date(at.getTime() - NEW_WITHIN_MS).toISOString();
  const events = listDigestEvents(db, nowLocal, `${addDays(today, DIGEST_EVENT_DAYS)}T00:00`).map((event) => ({ ...event, isNew: event.created > since }));
  const newsletter = findNewNewsletter(db, since);
  const newsletterTitle = newsletter && `Valley News ${newsletter.isSpecial ? 'Special ' : ''}${MONTHS[newsletter.month - 1] ?? ''} ${newsletter.year}`;
  const newPosts = listNewPhotoPosts(db, since);
  const activeThreads = listActiveThreads(db, since);
  const newListings = listingsPublishedSince(db, new Date(since), at);
  const photoPosts = newPosts.slice(0, SHOWN_PHOTO_POSTS).map((post) => {
    const first = post.entries.flatMap((entry) => ('s' in entry ? entry.s : []))[0];
    return {
      title: oneLine(post.title),
      date: longDay(post.date),
      link: `${config.baseUrl}${blogPath(post.id)}`,
      photo: first ? mailPicture(config.baseUrl, first, 560, `A photo from ${oneLine(post.title)}`) : null,
    };
  });
  const threads = activeThreads.slice(0, SHOWN_THREADS).map((thread) => ({
    title: oneLine(thread.title),
    link: `${config.baseUrl}${forumPath(thread.id)}`,
    note: thread.isNew
      ? thread.newReplies > 0
        ? `new thread, ${thread.newReplies} ${thread.newReplies === 1 ? 'reply' : 'replies'}`
        : 'new thread'
      : `${thread.newReplies} new ${thread.newReplies === 1 ? 'reply' : 'replies'}`,
  }));
  const mail: DigestContent['mail'] = {
    newsletter:
      newsletter && newsletterTitle
        ? {
            title: newsletterTitle,
            link: `${config.baseUrl}${newsletterPath(newsletter.fileName)}`,
            cover: newsletter.coverUrl
              ? (mailPicture(config.baseUrl, newsletter.coverUrl, LETTER_COVER.width, `The cover of ${newsletterTitle}`) ?? {
                  src: `${config.baseUrl}${newsletter.coverUrl}`,
                  ...LETTER_COVER,
                  alt: `The cover of ${newsletterTitle}`,
                })
              : null,
          }
        : null,
    photoPosts,
    morePhotoPosts: { count: newPosts.length - photoPosts.length, link: `${config.baseUrl}${blogPath()}` },
    threads,
    moreThreads: { count: activeThreads.length - threads.length, link: `${config.baseUrl}${forumPath()}` },
    classifieds: newListings.slice(0, SHOWN_LISTINGS).map((listing) => ({
      title: oneLine(listing.title),
      price: digestPriceOf(listing),
      link: `${config.baseUrl}${listingPath(listing.id)}`,
      photo: listing.photo ? mailPicture(config.baseUrl, listing.photo, 560, `A photo of ${oneLine(listing.title)}`) : null,
    })),
    moreClassifieds: { count: Math.max(0, newListings.length - SHOWN_LISTINGS), link: `${config.baseUrl}${PATHS.classifieds}` },
  };
  const isEmpty = !mail.newsletter && photoPosts.length === 0 && threads.length === 0 && mail.classifieds.length === 0 && !events.some((e) => e.isNew);
  return { week: weekOf(today), events, mail, isEmpty };
}

/** A new listing's price line in the digest: "$125.50", "$1,250 or offers", "Offers", "Wanted". */
function digestPriceOf(listing: Pick<ListingSummary, 'kind' | 'price' | 'isOffers'>): string {
  if (listing.kind === 'wanted') return 'Wanted';
  if (listing.price === null) return listing.isOffers ? 'Offers' : '';
  return listing.isOffers ? `${formatPrice(listing.price)} or offers` : formatPrice(listing.price);
}

/** One recipient's digest: their greeting, their own "I'm coming" links and opt-out link. */
function composeDigest(
  db: DbOrTx,
  config: DigestConfig,
  keys: Pick<SiteKeys, 'linkSecret'>,
  content: DigestContent,
  recipient: DigestRecipient,
  at: Date,
): MailMessage {
  const coming = listComingMembers(
    db,
    content.events.map((event) => event.id),
    recipient.readers.map((reader) => reader.id),
  );
  // The opt-out link is the first reader's: it turns the digest off for that address's e-mail.
  const first = recipient.readers[0] as DigestReader;
  const token = unsubscribeToken(keys.linkSecret, first.id, at, 'weekly-digest-off');
  return digestMail({
    to: recipient.email,
    firstNames: recipient.readers.map((reader) => reader.firstName),
    weekOf: longDay(content.week),
    content: {
      ...content.mail,
      events: content.events.map((event) => {
        const { date, time } = describeStart(event.start);
        return {
          title: oneLine(event.title),
          date,
          time,
          venue: oneLine(event.venue),
          people: event.people,
          isNew: event.isNew,
          link: `${config.baseUrl}${eventPath(event.id)}`,
          answers: recipient.readers.map((reader) => ({
            firstName: reader.firstName,
            rsvpLink: coming.has(`${event.id}|${reader.id}`)
              ? null
              : `${config.baseUrl}${rsvpPath(rsvpToken(keys.linkSecret, { memberId: reader.id, eventId: event.id, week: content.week, until: event.end || event.start }))}`,
          })),
        };
      }),
    },
    unsubscribeLink: `${config.baseUrl}${digestOffPath(token)}`,
    unsubscribePost: `${config.baseUrl}/api/digest.unsubscribe.php?t=${token}`,
    accountLink: `${config.baseUrl}${PATHS.account}`,
    eventsLink: `${config.baseUrl}${PATHS.events}`,
    clubName: config.clubName,
  });
}

/** What one run did: the week, how many e-mails it queued, and whether the week had nothing new. */
export type DigestRun = { week: string; emails: number; isEmpty: boolean };

/** Hears of a recipient whose digest could not be written (the others still get theirs). */
export type DigestFailure = (recipient: { memberIds: number[] }, error: unknown) => void;

/**
 * Queues this week's digest for every recipient who has not had it, exactly once per member per
 * week: each member's ledger row is written in the same IMMEDIATE transaction as the outbox row,
 * behind the ledger's key, so two runs at once (the job and `pnpm digest`) or a rerun after a
 * crash never send twice. One message per address (bulk priority, behind personal mail); a
 * recipient whose message fails to be written is rolled back alone and the run goes on. In a
 * week with nothing new nobody gets anything.
 */
export function queueWeeklyDigest(
  db: Db,
  config: DigestConfig,
  keys: Pick<SiteKeys, 'linkSecret'>,
  at: Date,
  onFailure: DigestFailure = () => undefined,
): DigestRun {
  return db.transaction((tx) => {
    const content = readDigestContent(tx, config, at);
    const run: DigestRun = { week: content.week, emails: 0, isEmpty: content.isEmpty };
    if (content.isEmpty) return run;
    const digested = listDigestedMembers(tx, content.week);
    for (const recipient of listDigestRecipients(tx)) {
      const waiting = { ...recipient, readers: recipient.readers.filter((reader) => !digested.has(reader.id)) };
      if (waiting.readers.length === 0) continue;
      try {
        const isQueued = tx.transaction((one) => {
          const claimed = { ...waiting, readers: waiting.readers.filter((reader) => claimDigest(one, content.week, reader.id)) };
          if (claimed.readers.length === 0) return false;
          queueMail(one, composeDigest(one, config, keys, content, claimed, at), { isBulk: true });
          return true;
        });
        if (isQueued) run.emails += 1;
      } catch (error) {
        onFailure({ memberIds: waiting.readers.map((reader) => reader.id) }, error);
      }
    }
    return run;
  });
}

/**
 * The preview's pictures from whatever host name the site was opened by: it is shown on the site
 * itself, where that need not be BASE_URL's (its links, and the e-mail sent, keep BASE_URL).
 */
function picturesFromThisSite(html: string, baseUrl: string): string {
  return html.replaceAll(`<img src="${escapeHtml(baseUrl)}/`, '<img src="/');
}

/** The admin's preview: the next run's digest as it would reach them, and how many it would go to. */
type DigestPreview = { subject: string; html: string; text: string; week: string; recipients: number; isEmpty: boolean };

/** A preview and the moment (ms) it is for: the next run, after which the preview is of the week after. */
export type TimedDigestPreview = { preview: DigestPreview; until: number };

export type WeeklyDigest = {
  /** The job: queues this week's digest (once per member) and asks the mail service to send it. */
  run(): DigestRun;
  /** The digest the next scheduled run would send, written for this member (their own links), and when that run is. */
  preview(memberId: number): TimedDigestPreview;
  /** Queues the preview to this member alone, outside the ledger; their address. */
  sendPreview(memberId: number): { to: string; isEmpty: boolean };
};

export function createWeeklyDigest(deps: {
  db: Db;
  config: DigestConfig & Pick<Config, 'digestCron'>;
  keys: Pick<SiteKeys, 'linkSecret'>;
  mail: Pick<MailService, 'kick'>;
  logger: Logger;
  clock?: () => Date;
}): WeeklyDigest {
  const clock = deps.clock ?? (() => new Date());
  const log = deps.logger.child({ component: 'digest' });
  const onFailure: DigestFailure = ({ memberIds }, error) =>
    log.error({ memberIds, err: error }, 'weekly digest not written for these members; the others were');

  const previewOf = (memberId: number) => {
    const reader = findDigestReader(deps.db, memberId);
    if (!reader) return undefined;
    const at = nextRunOf(deps.config.digestCron || DEFAULT_DIGEST_CRON, clock(), deps.config.timeZone);
    const content = readDigestContent(deps.db, deps.config, at);
    const message = composeDigest(deps.db, deps.config, deps.keys, content, { email: reader.email, readers: [reader] }, at);
    return { reader, content, message, at };
  };

  return {
    run() {
      const result = queueWeeklyDigest(deps.db, deps.config, deps.keys, clock(), onFailure);
      if (result.emails > 0) deps.mail.kick();
      return result;
    },
    preview(memberId) {
      const found = previewOf(memberId);
      const recipients = listDigestRecipients(deps.db).length;
      if (!found) return { preview: { subject: '', html: '', text: '', week: '', recipients, isEmpty: true }, until: Number.POSITIVE_INFINITY };
      const { content, message, at } = found;
      return {
        preview: {
          subject: message.subject,
          html: picturesFromThisSite(message.html ?? '', deps.config.baseUrl),
          text: message.text,
          week: content.week,
          recipients,
          isEmpty: content.isEmpty,
        },
        until: at.getTime(),
      };
    },
    sendPreview(memberId) {
      const found = previewOf(memberId);
      if (!found) return { to: '', isEmpty: true };
      const { reader, content, message } = found;
      deps.db.transaction((tx) => queueMail(tx, { ...message, subject: `[Preview] ${message.subject}` }));
      deps.mail.kick();
      return { to: reader.email, isEmpty: content.isEmpty };
    },
  };
}
