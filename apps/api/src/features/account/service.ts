import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { hashToken, newToken } from '../../http/tokens.ts';
import { queueMail } from '../../services/mail.ts';
import { INVITE_LINK_DAYS, RESET_LINK_HOURS, inviteMail, resetMail } from '../../services/mail-templates.ts';
import { insertPasswordReset } from './store.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export type PasswordLink = { memberId: number; to: string; firstName: string; kind: 'reset' | 'invite' };

/**
 * Stores a one-time password link (a reset, or a new member's invitation) and queues its e-mail,
 * inside the caller's transaction, so the link exists exactly when its e-mail is on its way.
 * The caller kicks the mail service after committing. Other features (members) share it through here.
 */
export function issuePasswordLink(tx: DbOrTx, config: Pick<Config, 'baseUrl' | 'clubName'>, link: PasswordLink): void {
  const token = newToken();
  const lifetimeMs = link.kind === 'invite' ? INVITE_LINK_DAYS * DAY_MS : RESET_LINK_HOURS * HOUR_MS;
  insertPasswordReset(tx, { memberId: link.memberId, tokenHash: hashToken(token), expires: new Date(Date.now() + lifetimeMs).toISOString() });
  const template = link.kind === 'invite' ? inviteMail : resetMail;
  queueMail(tx, template({ to: link.to, firstName: link.firstName, link: `${config.baseUrl}/reset/${token}`, clubName: config.clubName }));
}
