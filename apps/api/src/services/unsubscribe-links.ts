import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-click "stop e-mail notifications" links: `<member id>.<last day YYYYMMDD><HMAC>`, signed
 * with the site's link secret, so the link needs no login, cannot be made up for another member,
 * and cannot be given a later last day. A link works for 60 days from the reminder that carried
 * it; every reminder carries a fresh one.
 */
export const UNSUBSCRIBE_LINK_DAYS = 60;

/** What a link turns off: every e-mail notification (reminders' links), or the weekly digest alone. */
export type UnsubscribePurpose = 'email-notifications-off' | 'weekly-digest-off';

const signature = (secret: string, memberId: number, lastDay: string, purpose: UnsubscribePurpose) =>
  createHmac('sha256', secret).update(`${purpose}:${memberId}:${lastDay}`).digest('base64url');

const dayStamp = (moment: Date) => moment.toISOString().slice(0, 10).replaceAll('-', '');

export function unsubscribeToken(secret: string, memberId: number, sent: Date = new Date(), purpose: UnsubscribePurpose = 'email-notifications-off'): string {
  const lastDay = dayStamp(new Date(sent.getTime() + UNSUBSCRIBE_LINK_DAYS * 86_400_000));
  return `${memberId}.${lastDay}${signature(secret, memberId, lastDay, purpose)}`;
}

/**
 * The member a token was made for, signed for this purpose (a digest link never turns reminders
 * off, nor the other way round); 'expired' when its last day has passed, or when it has the
 * old form without a last day (those never expired, so they are no longer honoured); undefined
 * when it is not one of ours.
 */
export function readUnsubscribeToken(
  secret: string,
  token: string,
  now: Date = new Date(),
  purpose: UnsubscribePurpose = 'email-notifications-off',
): number | 'expired' | undefined {
  const trimmed = token.trim();
  if (/^\d{1,12}\.[\w-]{43}$/.test(trimmed)) return 'expired';
  const match = /^(\d{1,12})\.(\d{8})([\w-]{43})$/.exec(trimmed);
  if (!match) return undefined;
  const memberId = Number(match[1]);
  const lastDay = match[2] ?? '';
  const expected = Buffer.from(signature(secret, memberId, lastDay, purpose));
  const given = Buffer.from(match[3] ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return lastDay < dayStamp(now) ? 'expired' : memberId;
}

/** An address as the opt-out page may show it to whoever holds the link: `h•••@example.org`. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
