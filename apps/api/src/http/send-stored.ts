import { createGunzip } from 'node:zlib';
import type { Request, Response } from 'express';

/** Bytes kept gzip-compressed with the ETag of their plain form: a cached answer, a calendar file. */
export type StoredGzip = { etag: string; gzip: Buffer };

/** Whether the client already has these bytes (`If-None-Match`, as browsers and calendar apps ask). */
const hasIt = (req: Request, etag: string): boolean =>
  (req.get('if-none-match') ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');

/**
 * Sends stored bytes with their ETag: 304 when the client has them, the stored gzip when it is
 * accepted (so the compression middleware leaves it alone), else the plain form (`plainBytes`
 * long), inflated as the socket takes it, never as a whole copy. Kept by the client only and
 * asked again each time (`private, no-cache`).
 */
export function sendStoredGzip(req: Request, res: Response, stored: StoredGzip, plainBytes: number, contentType: string): void {
  res.setHeader('ETag', stored.etag);
  res.setHeader('Cache-Control', 'private, no-cache');
  res.vary('Accept-Encoding');
  if (hasIt(req, stored.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', contentType);
  if (/\bgzip\b/.test(req.get('accept-encoding') ?? '')) {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', stored.gzip.length);
    res.end(stored.gzip);
    return;
  }
  res.setHeader('Content-Length', plainBytes);
  const inflate = createGunzip();
  inflate.on('error', (error) => res.destroy(error));
  inflate.pipe(res);
  inflate.end(stored.gzip);
}
