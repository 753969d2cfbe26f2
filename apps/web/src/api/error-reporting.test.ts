import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportError } from './error-reporting.ts';
// Loaded here, before the stubs below replace window: reportError imports it on first use.
import './client.ts';

function stubFetch(): unknown[] {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)));
    return new Response('{}', { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('window', { location: { pathname: '/events' } });
  return bodies;
}

afterEach(() => vi.unstubAllGlobals());

describe('reportError', () => {
  it('sends the message, page and stack to error.report once per distinct error, at most five', async () => {
    const bodies = stubFetch();
    const error = new TypeError('x is undefined');
    reportError(error);
    reportError(error);
    for (let i = 0; i < 10; i += 1) reportError(new Error(`loop ${i}`));
    // The API client loads with the first report (error-reporting.ts keeps it off the entry).
    await vi.waitFor(() => expect(bodies).toHaveLength(5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodies).toHaveLength(5);
    expect(bodies[0]).toMatchObject({ e: 'TypeError: x is undefined', u: '/events', s: expect.stringContaining('x is undefined') });
  });
});
