/** Pure rules of the forum pages: links in members' text, and the forum's date format. */
import { dateFormat } from '@club/contracts/plain';

export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** http(s) addresses, and addresses starting with www. that members type without the scheme. */
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?'"]+$/;

/** Cuts a closing bracket the address did not open, as in "(see https://example.org)". */
function trimAddress(candidate: string): string {
  let address = candidate.replace(TRAILING, '');
  while (address.endsWith(')') && (address.match(/\(/g)?.length ?? 0) < (address.match(/\)/g)?.length ?? 0)) {
    address = address.slice(0, -1).replace(TRAILING, '');
  }
  return address;
}

/**
 * Splits a member's text into plain text and web addresses, so the page can show addresses as
 * links while everything else stays text (never HTML). Line breaks stay in the text pieces.
 */
export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimAddress(match[0]);
    if (address.length <= 4) continue;
    const start = match.index;
    if (start > at) pieces.push({ kind: 'text', text: text.slice(at, start) });
    const href = /^https?:\/\//i.test(address) ? address : `https://${address}`;
    pieces.push({ kind: 'link', text: address, href });
    at = start + address.length;
  }
  if (at < text.length) pieces.push({ kind: 'text', text: text.slice(at) });
  return pieces;
}

/** A stored ISO time as the spec's "MMMM D, YYYY h:mm A" in the club's zone, e.g. "March 4, 2026 7:05 PM". */
export function formatForumDate(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const formatter = dateFormat({ timeZone, month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
  const readPart = (type: Intl.DateTimeFormatPartTypes) => formatter.formatToParts(instant).find((p) => p.type === type)?.value ?? '';
  return `${readPart('month')} ${readPart('day')}, ${readPart('year')} ${readPart('hour')}:${readPart('minute')} ${readPart('dayPeriod').toUpperCase()}`;
}

/** "1 reply", "3 replies", "No replies yet". */
export function describeReplyCount(count: number): string {
  if (count === 0) return 'No replies yet';
  return count === 1 ? '1 reply' : `${count} replies`;
}
