import path from 'node:path';
import type { Response } from 'express';

/** Kinds shown in place: photos, and PDFs (the newsletter viewer frames them; a sandbox would stop Chrome's viewer). */
const SHOWN_IN_PLACE = new Set(['.jpg', '.jpeg', '.png', '.gif', '.webp', '.pdf']);

/**
 * express.static's setHeaders for /uploads: anything but a photo or a PDF (an HTML or SVG file
 * left by an older version, say) is sent as a download, under a CSP sandbox with nothing
 * allowed, so it can never run as a page of the site.
 */
export function setUploadHeaders(res: Response, file: string): void {
  if (SHOWN_IN_PLACE.has(path.extname(file).toLowerCase())) return;
  res.setHeader('Content-Disposition', 'attachment');
  res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
}
