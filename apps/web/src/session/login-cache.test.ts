import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from './session-actions.ts';
import { clearSessionToken, setSessionToken } from '../lib/session-token.ts';
import { callQueryOptions } from '../api/call-query.ts';
import { queryClient } from '../api/query-client.ts';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const member = (id: number, name: string) => ({ id, name, displayName: name, permissions: [], emailNotifications: false });

/**
 * A server whose answers depend on who asks: `session.create` logs in as "b", the lists
 * name the token that asked for them, and every path asked for is recorded.
 */
function stubServer(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    asked.push(url);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as { g?: string }) : {};
    const viewer = body.g ?? 'visitor';
    if (url.endsWith('/session.create.php')) return json({ g: 'token-b', u: member(2, 'b') });
    if (url.endsWith('/events.get.php')) return json({ v: [], u: [`seen by ${viewer}`] });
    if (url.endsWith('/presidents.get.php')) return json({ p: [{ id: 1, year: 1931, name: 'Henry Ford' }] });
    return json({ m: [{ first_name: `seen by ${viewer}` }], p: [] });
  });
  return asked;
}

describe('the query cache across logins', () => {
  beforeEach(() => {
    clearSessionToken();
    queryClient.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSessionToken();
    queryClient.clear();
  });

  it('does not show a list loaded by member A to member B after B logs in', async () => {
    stubServer();
    setSessionToken('token-a');
    const asA = await queryClient.fetchQuery(callQueryOptions('members.get', {}));
    expect(asA.m[0]?.first_name).toBe('seen by token-a');

    await login('b@example.com', 'secret');

    const asB = await queryClient.fetchQuery(callQueryOptions('members.get', {}));
    expect(asB.m[0]?.first_name).toBe('seen by token-b');
  });

  it('does not keep a list loaded as a visitor once the visitor logs in', async () => {
    stubServer();
    const observer = new QueryObserver(queryClient, callQueryOptions('events.get', {}));
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ v: [], u: ['seen by visitor'] }));

    await login('b@example.com', 'secret');
    // A mounted component re-renders with the new viewer, as useCallQuery does.
    observer.setOptions(callQueryOptions('events.get', {}));

    expect(observer.getCurrentResult().data).toBeUndefined();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ v: [], u: ['seen by token-b'] }));
    unsubscribe();
  });

  it('keeps public lists that do not depend on the viewer, without asking again', async () => {
    const asked = stubServer();
    await queryClient.fetchQuery(callQueryOptions('presidents.get', {}));

    await login('b@example.com', 'secret');
    const presidents = await queryClient.fetchQuery(callQueryOptions('presidents.get', {}));

    expect(presidents.p[0]?.name).toBe('Henry Ford');
    expect(asked.filter((url) => url.endsWith('/presidents.get.php'))).toHaveLength(1);
  });

  it('keeps the member that login seeded, so no extra session.get is made', async () => {
    const asked = stubServer();
    await login('b@example.com', 'secret');

    const session = await queryClient.fetchQuery(callQueryOptions('session.get', {}));

    expect(session.u.name).toBe('b');
    expect(asked.some((url) => url.endsWith('/session.get.php'))).toBe(false);
  });
});
