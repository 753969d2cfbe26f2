import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The digest's one-click "I'm coming" links:
 * `<member id>.e<event id>w<digest week YYYYMMDD>u<last moment YYYYMMDDHHmm><HMAC>`, signed with
 * the site's link secret for this one purpose (an opt-out link's signature never fits). The
 * link works until the event ends (its end in CLUB_TIMEZONE when the digest was written) and
 * once: the week makes each digest's link its own, so next week's link works again after a
 * member changed their mind on the event page. The form fits the log's token scrubbing
 * (`<digits>.<20+ url-safe characters>`).
 */
export type RsvpLink = { memberId: number; eventId: number; week: string; until: string };

const digits = (value: string) => value.replace(/\D/g, '');

const signature = (secret: string, link: RsvpLink) =>
  createHmac('sha256', secret).update(`digest-coming:${link.memberId}:${link.eventId}:${link.week}:${link.until}`).digest('base64url');

/** `week`: YYYY-MM-DD; `until`: the event's end, YYYY-MM-DDTHH:mm in CLUB_TIMEZONE. */
export function rsvpToken(secret: string, link: RsvpLink): string {
  const body = { ...link, week: digits(link.week), until: digits(link.until) };
  return `${link.memberId}.e${link.eventId}w${body.week}u${body.until}${signature(secret, body)}`;
}

const TOKEN = /^(\d{1,12})\.e(\d{1,12})w(\d{8})u(\d{12})([\w-]{43})$/;

/**
 * What a token says, when it is one of ours (undefined otherwise); `isExpired` when `nowLocal`
 * (YYYY-MM-DDTHH:mm in CLUB_TIMEZONE) is past its last moment.
 */
export function readRsvpToken(secret: string, token: string, nowLocal: string): (RsvpLink & { isExpired: boolean }) | undefined {
  const match = TOKEN.exec(token.trim());
  if (!match) return undefined;
  const [, member = '', event = '', week = '', until = '', given = ''] = match;
  const link = { memberId: Number(member), eventId: Number(event), week, until };
  const expected = Buffer.from(signature(secret, link));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  const weekIso = `${week.slice(0, 4)}-${week.slice(4, 6)}-${week.slice(6)}`;
  return { ...link, week: weekIso, isExpired: digits(nowLocal) > until };
}
