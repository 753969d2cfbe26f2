import { createHash } from 'node:crypto';
import { createGunzip, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/**
 * An iCalendar file written once and kept gzip-compressed, with the ETag of its text: the private
 * feed is polled by every member's calendar app, and is the same until the events in it change.
 */
export type CalendarFile = { etag: string; gzip: Buffer; bytes: number };

export function packCalendar(text: string): CalendarFile {
  const raw = Buffer.from(text);
  return { etag: `"${createHash('sha1').update(raw).digest('base64url')}"`, gzip: gzipSync(raw), bytes: raw.length };
}

const isKnown = (req: Request, etag: string): boolean =>
  (req.get('if-none-match') ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');

/**
 * Sends a packed calendar (as a download when named): 304 when the client has it (`If-None-Match`, as calendar apps poll),
 * the stored gzip when accepted (so the compression middleware leaves it alone), else the text,
 * inflated as the socket takes it.
 */
export function sendCalendarFile(req: Request, res: Response, file: CalendarFile, downloadName?: string): void {
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  if (downloadName) res.setHeader('Content-Disposition', `attachment; filename="${downloadName}"`);
  // The address is the secret: kept by the member's own client only, and asked again each time.
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('ETag', file.etag);
  res.vary('Accept-Encoding');
  if (isKnown(req, file.etag)) {
    res.status(304).end();
    return;
  }
  if (/\bgzip\b/.test(req.get('accept-encoding') ?? '')) {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', file.gzip.length);
    res.end(file.gzip);
    return;
  }
  res.setHeader('Content-Length', file.bytes);
  const inflate = createGunzip();
  inflate.on('error', (error) => res.destroy(error));
  inflate.pipe(res);
  inflate.end(file.gzip);
}
