import { isApiError } from '../../api/client.ts';

// Only when switching push on has failed: push-setting.tsx loads this then, not with the account page.

/**
 * What to tell the member when switching push on failed, instead of a bare "Error": why (the
 * browser refused, it has no push service, or the subscription failed) and what to do. A refusal
 * from this website's server keeps the server's own words.
 */
export function describePushFailure(error: unknown): string {
  if (isApiError(error)) return error.message;
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  const detail = error instanceof Error ? error.message.trim() : '';
  if (name === 'NotAllowedError') {
    return 'Your browser refused push notifications for this website (permission denied). To allow them, open the site settings (the icon just left of the web address), set Notifications to Allow, then switch this on again.';
  }
  if (name === 'AbortError' || /push service/i.test(detail)) {
    return 'Your browser could not reach its push service (it is switched off or not available), so push notifications cannot work here right now. In Brave, turn on "Use Google services for push messaging" under Settings, Privacy; otherwise try again later or use another browser. E-mail notifications still work.';
  }
  return `Your browser could not set up push notifications (subscription failed${detail === '' ? '' : `: ${detail}`}). Reload the page and switch this on again; if it keeps failing, use another browser. E-mail notifications still work.`;
}
