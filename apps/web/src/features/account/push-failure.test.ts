import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { describePushFailure } from './push-failure.ts';

describe('describePushFailure', () => {
  it('names a refused permission and how to allow it', () => {
    expect(describePushFailure(new DOMException('Registration failed - permission denied', 'NotAllowedError'))).toMatch(
      /^Your browser refused push notifications for this website \(permission denied\)\. To allow them/,
    );
  });

  it('names a missing push service, whatever the browser calls it', () => {
    for (const error of [new DOMException('Registration failed - push service not available', 'AbortError'), new Error('push service error')]) {
      expect(describePushFailure(error)).toMatch(/^Your browser could not reach its push service/);
    }
  });

  it("names any other failure as a failed subscription, with the browser's words", () => {
    expect(describePushFailure(new DOMException('Subscription failed - no active Service Worker', 'InvalidStateError'))).toBe(
      'Your browser could not set up push notifications (subscription failed: Subscription failed - no active Service Worker). Reload the page and switch this on again; if it keeps failing, use another browser. E-mail notifications still work.',
    );
    expect(describePushFailure('odd')).toMatch(/^Your browser could not set up push notifications \(subscription failed\)\./);
  });

  it("keeps the server's own words when the server refused", () => {
    expect(describePushFailure(new ApiError('Please log in again.', 401))).toBe('Please log in again.');
  });
});
