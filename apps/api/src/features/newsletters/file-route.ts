import type { Router } from 'express';
import { NEWSLETTER_FILE_PATH, type NewslettersService } from './service.ts';

/**
 * Serves an edition's file (PDF or picture) to whoever holds a valid signed link from
 * `newsletter.link`: a frame cannot send the session token, so the link carries the proof.
 * The file is sent as what it is and nothing else: its own type, no sniffing, and a CSP that
 * sandboxes it and lets only this site frame it. Without a valid signature: 401/403, never the file.
 */
export function mountNewsletterFileRoute(routes: Router, newsletters: NewslettersService): void {
  routes.get(`${NEWSLETTER_FILE_PATH}/:name`, (req, res) => {
    const { expires, signature, download } = req.query;
    const file = newsletters.openFile(req.params.name, expires, signature);
    const disposition = download === '1' ? 'attachment' : 'inline';
    res.set({
      'Content-Type': file.contentType,
      'Content-Disposition': `${disposition}; filename="${file.fileName.replace(/[^\w .-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'self'; sandbox",
      // The link is personal and short-lived: keep it out of shared caches.
      'Cache-Control': 'private, max-age=300',
    });
    res.sendFile(file.path, { dotfiles: 'deny', cacheControl: false });
  });
}
