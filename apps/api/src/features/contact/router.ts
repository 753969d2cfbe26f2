import type { AppDeps } from '../../deps.ts';
import { tooManyAttempts } from '../../errors.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { contactMail, oneLine } from '../../services/mail-templates.ts';
import { saveContactMessage, type ContactLimit } from './store.ts';

/** Enough for a person with follow-ups; too few for a script. */
export const CONTACT_LIMIT: ContactLimit = { maxMessages: 5, windowMs: 60 * 60_000 };

export function mountContactCalls(api: ApiRouter, { db, config, services }: AppDeps): void {
  mountCall(api, 'contact.submit', ({ f, l, e, m, website }, { ip, log }) => {
    if (website) {
      // A robot filled the field people never see: answer as if all went well, so it learns nothing.
      log.info({ contactHoneypot: true }, 'contact form honeypot filled; message dropped');
      return {};
    }
    const firstName = oneLine(f);
    const lastName = oneLine(l);
    const mail = contactMail({ to: config.contactEmail, firstName, lastName, email: e, message: m, baseUrl: config.baseUrl });
    const isSaved = saveContactMessage(db, { firstName, lastName, email: e, message: m, ip }, mail, CONTACT_LIMIT);
    if (!isSaved) {
      throw tooManyAttempts(
        'We already have several messages from you in the last hour. Please wait an hour before sending another.',
      );
    }
    services.mail.kick();
    return {};
  });
}
