import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The "still for sale?" e-mail's renewal link: `<listing id>.<expiry, ms in base 36>.<HMAC>`,
 * signed with the site's link secret for this one purpose. It names the expiry it was sent for,
 * so it renews once: after a renewal the listing expires at another moment and the link is spent.
 */
const signature = (secret: string, listingId: number, expiresMs: number) =>
  createHmac('sha256', secret).update(`listing-renew:${listingId}:${expiresMs}`).digest('base64url');

export function renewalToken(secret: string, listingId: number, expiresAt: string): string {
  const expiresMs = Date.parse(expiresAt);
  return `${listingId}.${expiresMs.toString(36)}.${signature(secret, listingId, expiresMs)}`;
}

/** The listing and the expiry a token was made for, or undefined when it is not one of ours. */
export function readRenewalToken(secret: string, token: string): { listingId: number; expiresMs: number } | undefined {
  const match = /^(\d{1,12})\.([0-9a-z]{1,12})\.([\w-]{43})$/.exec(token.trim());
  if (!match) return undefined;
  const listingId = Number(match[1]);
  const expiresMs = Number.parseInt(match[2] ?? '', 36);
  const expected = Buffer.from(signature(secret, listingId, expiresMs));
  const given = Buffer.from(match[3] ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { listingId, expiresMs };
}
