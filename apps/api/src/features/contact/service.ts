import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.ts';
import { notFound, tooManyAttempts } from '../../errors.ts';
import { addressKey } from '../../lib/client-address.ts';
import { queueMail } from '../../services/mail.ts';
import { contactMail, oneLine } from '../../services/mail-templates.ts';
import { CONTACT_LIMIT } from '../../services/rate-limit.ts';
import {
  countContactMessagesSince,
  findFailedContactMessage,
  findFailedContactMessages,
  insertContactMessage,
  setContactOutbox,
  type StoredContactMessage,
} from './store.ts';

type ContactSubmission = {
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  /** The field people never see; a robot fills it. */
  honeypot: string | undefined;
  ip: string;
};

export type ContactService = {
  /** Keeps the message and queues its e-mail to the club, unless the sender has sent their share this hour. */
  submit(submission: ContactSubmission, log: Logger): void;
  /** For the admin: the messages whose e-mail to the club failed for good, whole. */
  failedMessages(): StoredContactMessage[];
  /** Queues a failed message's e-mail again (once SMTP works), with the site's current settings. */
  resend(id: number): void;
};

export function createContactService({ db, config, services }: Pick<AppDeps, 'db' | 'config' | 'services'>): ContactService {
  return {
    submit({ honeypot, ip: rawIp, email, message, ...names }, log) {
      if (honeypot) {
        // A robot filled the field people never see: answer as if all went well, so it learns nothing.
        log.info({ contactHoneypot: true }, 'contact form honeypot filled; message dropped');
        return;
      }
      // Counted per sender's address, an IPv6 /64 as one (a home or server is handed a whole /64).
      const ip = addressKey(rawIp);
      const firstName = oneLine(names.firstName);
      const lastName = oneLine(names.lastName);
      const mail = contactMail({ to: config.contactEmail, firstName, lastName, email, message, baseUrl: config.baseUrl });
      // The count and the insert share one transaction, so two quick requests cannot both slip under the limit.
      const isSaved = db.transaction((tx) => {
        const since = new Date(Date.now() - CONTACT_LIMIT.windowMs).toISOString();
        if (countContactMessagesSince(tx, ip, since) >= CONTACT_LIMIT.maxMessages) return false;
        insertContactMessage(tx, { firstName, lastName, email, message, ip, outboxId: queueMail(tx, mail) });
        return true;
      });
      if (!isSaved) {
        throw tooManyAttempts('We already have several messages from you in the last hour. Please wait an hour before sending another.');
      }
      services.mail.kick();
    },

    failedMessages: () => findFailedContactMessages(db),

    resend(id) {
      db.transaction((tx) => {
        const stored = findFailedContactMessage(tx, id);
        if (!stored) throw notFound('Failed contact message');
        const { firstName, lastName, email, message } = stored;
        setContactOutbox(tx, id, queueMail(tx, contactMail({ to: config.contactEmail, firstName, lastName, email, message, baseUrl: config.baseUrl })));
      });
      services.mail.kick();
    },
  };
}
