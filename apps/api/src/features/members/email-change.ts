import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import type { MailMessage } from '../../services/mail.ts';

/** Whether the member has set a password, i.e. their address is a working login. */
export function hasPassword(db: Db, memberId: number): boolean {
  return Boolean(db.select({ hash: members.passwordHash }).from(members).where(eq(members.id, memberId)).get()?.hash);
}

/** Sent to the old address whenever a member's address changes, so a takeover does not go unseen. */
export function emailChangedMail({ to, firstName, newEmail, clubName }: { to: string; firstName: string; newEmail: string; clubName: string }): MailMessage {
  return {
    to,
    subject: `Your ${clubName} e-mail address was changed`,
    text: [
      `Hello ${firstName},`,
      `The e-mail address on your ${clubName} member record was changed from this address to ${newEmail}. Club e-mails and password links now go there, and you log in with it.`,
      'If you did not ask for this, please reply to this e-mail or contact the club webmaster straight away.',
      clubName,
    ].join('\n\n') + '\n',
  };
}
