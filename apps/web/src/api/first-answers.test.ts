import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { knownSessionUser } from '../lib/session-token.ts';
import { seedAnswers, type FirstAnswer } from './first-answers.ts';
import { callQueryKey } from './query-keys.ts';

const user = { id: 4, name: 'Edsel Ford', displayName: 'Edsel', permissions: [], emailNotifications: true };
const ANSWERS: FirstAnswer[] = [
  { name: 'session.get', body: {}, json: JSON.stringify({ u: user }) },
  { name: 'event.get', body: { id: 7 }, json: JSON.stringify({ event: null, signups: null, series: null, earlier: null, later: null }) },
  { name: 'blog.page', body: { page: 1 }, json: JSON.stringify({ posts: [], total: 0 }) },
];

describe('seedAnswers', () => {
  it("caches a member's answers under their session when the page was sent for it, and makes them known", () => {
    const client = new QueryClient();
    seedAnswers(client, ANSWERS, 'page-sent-for-this-session', true);
    expect(client.getQueryData(callQueryKey('session.get', {}, 'page-sent-for-this-session'))).toEqual({ u: user });
    expect(client.getQueryData(callQueryKey('event.get', { id: 7 }, 'page-sent-for-this-session'))).toMatchObject({ event: null });
    expect(client.getQueryData(callQueryKey('blog.page', { page: 1 }, null))).toEqual({ posts: [], total: 0 });
    expect(knownSessionUser('page-sent-for-this-session')).toEqual(user);
  });

  it('keeps only the answers that are the same for everyone when the page was sent for someone else', () => {
    const client = new QueryClient();
    seedAnswers(client, ANSWERS, 'page-sent-for-someone-else', false);
    expect(client.getQueryData(callQueryKey('session.get', {}, 'page-sent-for-someone-else'))).toBeUndefined();
    expect(client.getQueryData(callQueryKey('event.get', { id: 7 }, 'page-sent-for-someone-else'))).toBeUndefined();
    expect(client.getQueryData(callQueryKey('blog.page', { page: 1 }, null))).toEqual({ posts: [], total: 0 });
    expect(knownSessionUser('page-sent-for-someone-else')).toBeUndefined();
  });
});
