import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { flushWriteAheadLog, type Db, type DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { lazyImport } from '../lazy-import.ts';
import { afterFailedAttempt, CLAIM_LEASE_MS, createDeliveryLoop, newSenderId, type DeliveryLoop } from './delivery-loop.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe; stored with the message and sent as they are. */
  headers?: Record<string, string>;
};

/**
 * Writes a message to the outbox inside the caller's transaction; it is sent by the mail service
 * after the transaction commits. Bulk mail (reminders) waits behind every other message, so a
 * password link or an invitation never queues behind hundreds of reminders.
 */
export function queueMail(db: DbOrTx, message: MailMessage, { isBulk = false }: { isBulk?: boolean } = {}): number {
  return db
    .insert(outbox)
    .values({
      priority: isBulk ? 1 : 0,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      replyTo: message.replyTo ?? null,
      headers: message.headers ?? null,
    })
    .returning({ id: outbox.id })
    .get().id;
}

/** Whether e-mail reaches anyone, for the admin's outbox panel and /healthz's details. */
export type MailDelivery = {
  isDelivering: boolean;
  /** Why mail is not delivered, in a sentence; null when an SMTP server is set. */
  reason: string | null;
  /** E-mails written to the outbox folder and delivered to nobody. */
  savedNotSent: number;
};

export const NO_SMTP_REASON =
  'E-mail is not being delivered: no mail server is set (SMTP_URL), so each message is only saved as a file in the outbox folder of the data folder.';

export function describeMailDelivery(config: Pick<Config, 'smtpUrl'>, db: DbOrTx): MailDelivery {
  const savedNotSent =
    db
      .select({ n: sql<number>`count(*)` })
      .from(outbox)
      .where(eq(outbox.status, 'saved'))
      .get()?.n ?? 0;
  const isDelivering = Boolean(config.smtpUrl);
  return { isDelivering, reason: isDelivering ? null : NO_SMTP_REASON, savedNotSent };
}

export type MailService = DeliveryLoop<{ sent: number; failed: number }>;

/** What stays of a message's text once it was delivered or given up on. */
const SENT_TEXT = '(not kept after sending)';

/** How many messages one round sends at most; the 30-second poll sends the rest. */
const ROUND_SIZE = 50;

/**
 * Minutes to wait before attempt n+1; after the last, the message is marked failed: about 23 h in
 * all (the README says "about a day"; mail.test.ts holds them to it).
 */
export const MAIL_RETRY_MINUTES = [1, 5, 15, 60, 120, 240, 360, 600];

/** nodemailer is loaded for the first message sent, not at start; see lazy-import.ts. */
const loadNodemailer = lazyImport('nodemailer', async () => (await import('nodemailer')).default);

async function createTransport(config: Config): Promise<{ transporter: Transporter; isFile: boolean }> {
  const nodemailer = await loadNodemailer();
  if (config.smtpUrl) return { transporter: nodemailer.createTransport(config.smtpUrl), isFile: false };
  return { transporter: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }), isFile: true };
}

const outboxFilePrefix = (id: number) => `${String(id).padStart(6, '0')}-`;

/** Deletes the files the outbox folder holds for these messages (written when SMTP_URL was unset). */
export function removeOutboxFiles(config: Pick<Config, 'outboxDir'>, ids: number[]): number {
  if (ids.length === 0 || !fs.existsSync(config.outboxDir)) return 0;
  const prefixes = ids.map(outboxFilePrefix);
  const files = fs.readdirSync(config.outboxDir).filter((name) => name.endsWith('.eml') && prefixes.some((prefix) => name.startsWith(prefix)));
  for (const name of files) fs.rmSync(path.join(config.outboxDir, name), { force: true });
  return files.length;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

export function createMailService(config: Config, db: Db, logger: Logger): MailService {
  // Made for the first message; a failed load is tried again next round (the message stays queued).
  let transport: Promise<{ transporter: Transporter; isFile: boolean }> | undefined;
  const openTransport = () => {
    transport ??= createTransport(config).catch((error: unknown) => {
      transport = undefined;
      throw error;
    });
    return transport;
  };
  const log = logger.child({ component: 'mail' });

  /** Sends one message; false when it was only written to the outbox folder (no SMTP_URL). */
  const sendOne = async (row: typeof outbox.$inferSelect): Promise<boolean> => {
    const { transporter, isFile } = await openTransport();
    const info = (await transporter.sendMail({
      from: config.mailFrom,
      to: row.to,
      replyTo: row.replyTo ?? undefined,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
      headers: row.headers ?? undefined,
    })) as { message?: Buffer };
    if (isFile && info.message) {
      fs.mkdirSync(config.outboxDir, { recursive: true });
      const file = path.join(config.outboxDir, `${outboxFilePrefix(row.id)}${slug(row.subject)}.eml`);
      fs.writeFileSync(file, info.message);
      log.info({ outboxId: row.id, file: path.basename(file) }, 'no SMTP_URL: e-mail written to the outbox folder, not sent');
      return false;
    }
    log.info({ outboxId: row.id }, 'e-mail sent');
    return true;
  };

  const sender = newSenderId();
  /**
   * Takes the most urgent message that is due and held by no one, in one statement, so that of
   * several senders (the server, `pnpm reminders`, a second process) exactly one gets it.
   */
  const claimNext = () => {
    const now = new Date();
    const isFree = and(
      eq(outbox.status, 'pending'),
      lte(outbox.nextAttempt, now.toISOString()),
      or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, now.toISOString())),
    );
    const next = db.select({ id: outbox.id }).from(outbox).where(isFree).orderBy(asc(outbox.priority), asc(outbox.id)).limit(1);
    return db
      .update(outbox)
      .set({ claimedBy: sender, claimedUntil: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() })
      .where(and(inArray(outbox.id, next), isFree))
      .returning()
      .get();
  };
  const released = { claimedBy: null, claimedUntil: null };
  const mine = (id: number) => and(eq(outbox.id, id), eq(outbox.claimedBy, sender));

  const round = async () => {
    let sent = 0;
    let failed = 0;
    // One at a time, so a message queued meanwhile (a password link) goes next if it is more urgent.
    for (let count = 0; count < ROUND_SIZE; count += 1) {
      const row = claimNext();
      if (!row) break;
      const attempts = row.attempts + 1;
      try {
        const isDelivered = await sendOne(row);
        // The text may hold a password link: once delivered (or saved as a file) it is not kept
        // in the database (nor copied into backups).
        db.update(outbox)
          .set({ status: isDelivered ? 'sent' : 'saved', attempts, sent: new Date().toISOString(), lastError: null, text: SENT_TEXT, html: null, ...released })
          .where(mine(row.id))
          .run();
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const { status, isGivenUp: gaveUp, nextAttempt } = afterFailedAttempt(attempts, MAIL_RETRY_MINUTES);
        db.update(outbox)
          .set({ attempts, lastError: message.slice(0, 1000), status, nextAttempt, ...released, ...(gaveUp ? { text: SENT_TEXT, html: null } : {}) })
          .where(mine(row.id))
          .run();
        failed += 1;
        log[gaveUp ? 'error' : 'warn']({ outboxId: row.id, attempts, err: message }, gaveUp ? 'e-mail failed for good' : 'e-mail failed; will retry');
      }
    }
    // Sent bodies were scrubbed above; their old page versions must not stay in the WAL file.
    if (sent > 0 || failed > 0) flushWriteAheadLog(db);
    return { sent, failed };
  };

  const loop = createDeliveryLoop(round, (err: unknown) => log.error({ err }, 'mail round failed'));
  return {
    ...loop,
    stop: async () => {
      await loop.stop();
      const open = await transport?.catch(() => undefined);
      open?.transporter.close();
    },
  };
}
