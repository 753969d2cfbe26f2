import type { AppDeps } from '../../app.ts';
import { addressKey } from '../../http/client-address.ts';
import { tooManyAttempts } from '../../http/errors.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import type { MailMessage } from '../../services/mail.ts';
import { saveContactMessage, type ContactLimit } from './store.ts';

/** Enough for a person with follow-ups; too few for a script. */
export const CONTACT_LIMIT: ContactLimit = { maxMessages: 5, windowMs: 60 * 60_000 };

/** Names travel in a mail header, so line breaks and runs of spaces become one space. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

export function mountContactCalls(api: ApiRouter, { db, config, services }: AppDeps): void {
  mountCall(api, 'contact.submit', ({ f, l, e, m, website }, { ip, log }) => {
    if (website) {
      // A robot filled the field people never see: answer as if all went well, so it learns nothing.
      log.info({ contactHoneypot: true }, 'contact form honeypot filled; message dropped');
      return {};
    }
    const firstName = oneLine(f);
    const lastName = oneLine(l);
    const mail: MailMessage = {
      to: config.contactEmail,
      replyTo: `"${`${firstName} ${lastName}`.replace(/["\\]/g, '')}" <${e}>`,
      subject: `Website contact from ${firstName} ${lastName}`,
      text: [
        `${firstName} ${lastName} <${e}> wrote through the contact form on ${config.baseUrl}/contact:`,
        '',
        m,
        '',
        '--',
        'Reply to this e-mail to answer them directly.',
      ].join('\n'),
    };
    // Counted per sender's address, an IPv6 /64 as one.
    const isSaved = saveContactMessage(db, { firstName, lastName, email: e, message: m, ip: addressKey(ip) }, mail, CONTACT_LIMIT);
    if (!isSaved) {
      throw tooManyAttempts(
        'We already have several messages from you in the last hour. Please wait an hour before sending another.',
      );
    }
    services.mail.kick();
    return {};
  });
}
