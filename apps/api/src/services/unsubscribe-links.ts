import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-click "stop e-mail notifications" links: `<member id>.<HMAC>`, signed with the site's link
 * secret, so the link needs no login and cannot be made up for another member.
 */
const signature = (secret: string, memberId: number) =>
  createHmac('sha256', secret).update(`email-notifications-off:${memberId}`).digest('base64url');

export function unsubscribeToken(secret: string, memberId: number): string {
  return `${memberId}.${signature(secret, memberId)}`;
}

/** The member a token was made for, or undefined when it is not one of ours. */
export function readUnsubscribeToken(secret: string, token: string): number | undefined {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token.trim());
  if (!match) return undefined;
  const memberId = Number(match[1]);
  const expected = Buffer.from(signature(secret, memberId));
  const given = Buffer.from(match[2] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given) ? memberId : undefined;
}
