import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/**
 * An iCalendar file written once and kept gzip-compressed, with the ETag of its text: the private
 * feed is polled by every member's calendar app, and is the same until the events in it change.
 * The router sends it as stored bytes (`sendStoredGzip`).
 */
export type CalendarFile = { etag: string; gzip: Buffer; bytes: number };

export function packCalendar(text: string): CalendarFile {
  const raw = Buffer.from(text);
  return { etag: `"${createHash('sha1').update(raw).digest('base64url')}"`, gzip: gzipSync(raw), bytes: raw.length };
}
