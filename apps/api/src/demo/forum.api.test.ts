import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForumPageReply } from '@club/contracts';
import { createDemoTestApp } from '../../test/demo-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { DEMO_ACCOUNTS } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoTestApp();
}, 60_000);
afterAll(() => t.close());

async function forumAs(role: string): Promise<ForumPageReply> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role);
  const login = await request(t.app).post('/api/session.create.php').send({ u: account?.email, p: account?.password });
  const res = await request(t.app).post('/api/forum.page.php').send({ g: login.body.g });
  expect(res.status).toBe(200);
  return res.body;
}

describe('the demo forum', () => {
  it('has threads with replies, one thread and one reply waiting for approval', async () => {
    const member = await forumAs('member (no edit rights)');
    expect(member.threads.length).toBe(3);
    expect(member.threads.every((thread) => thread.approved && thread.postCount > 0)).toBe(true);
    expect(member.waiting).toBeUndefined();

    const poster = await forumAs('forum poster');
    expect(poster.threads.find((thread) => !thread.approved)).toMatchObject({ isMine: true, title: 'Wanted: 1930 rear bumper brackets' });

    const moderator = await forumAs('forum moderator');
    expect(moderator.threads.length).toBe(4);
    expect(moderator.waiting?.map((item) => (item.post === undefined ? 'thread' : 'post')).sort()).toEqual(['post', 'thread']);
  });
});
