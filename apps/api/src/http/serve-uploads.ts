import path from 'node:path';
import type { Response } from 'express';

/** Kinds shown in place: photos, and PDFs (the newsletter viewer frames them; a sandbox would stop Chrome's viewer). */
const SHOWN_IN_PLACE = new Set(['.jpg', '.jpeg', '.png', '.gif', '.webp', '.pdf']);
const PICTURES = new Set(['.jpg', '.jpeg', '.png', '.gif', '.webp']);

/**
 * express.static's setHeaders for /uploads: pictures may be shown by other sites (webmail showing
 * an e-mail's pictures); anything but a photo or a PDF (an HTML or SVG file
 * left by an older version, say) is sent as a download, under a CSP sandbox with nothing
 * allowed, so it can never run as a page of the site.
 */
export function setUploadHeaders(res: Response, file: string): void {
  const extension = path.extname(file).toLowerCase();
  // Pictures are shown in e-mails (the weekly digest), which webmail loads from its own origin:
  // helmet's same-origin resource policy would leave a blank box there.
  if (PICTURES.has(extension)) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if (SHOWN_IN_PLACE.has(extension)) return;
  res.setHeader('Content-Disposition', 'attachment');
  res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
}
