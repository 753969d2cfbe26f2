import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { isRetryable } from './query-client.ts';

describe('isRetryable', () => {
  it('retries when no answer arrived or the server failed without a message', () => {
    expect(isRetryable(new ApiError('The site could not be reached.', 0))).toBe(true);
    expect(isRetryable(new ApiError('Error', 502, '<html>Bad Gateway</html>'))).toBe(true);
  });

  it('does not retry an answer that carries the server’s own message', () => {
    expect(isRetryable(new ApiError('Error updating database', 500))).toBe(false);
    expect(isRetryable(new ApiError('Not logged in', 401))).toBe(false);
  });
});
