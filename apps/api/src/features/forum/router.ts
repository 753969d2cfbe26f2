import type { CallResponse } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { streamObject } from '../../http/json-stream.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createForumService } from './service.ts';

export function mountForumCalls(api: ApiRouter, deps: AppDeps): void {
  const forum = createForumService(deps);

  // Several MB of JSON at ten times the club's data: written thread by thread and compressed as it goes.
  mountCall(api, 'forum.get', (_input, { user }) => streamObject<CallResponse<'forum.get'>>({ f: forum.streamAll(user) }), { cache: 'member' });

  mountCall(api, 'forum.page', ({ q, sort, page }, { user }) => forum.pageThreads(user, { words: q, sort, page }), { cache: 'member' });

  mountCall(api, 'forum.thread', ({ id }, { user }) => ({ thread: forum.readThread(user, id) }), { cache: 'member' });

  mountCall(api, 'forum.createThread', async ({ t, d }, { user, files }) => {
    const images = (files.f ?? []).map((file) => file.buffer);
    return { i: await forum.createThread(user, { title: t, description: d, images }) };
  });

  mountCall(api, 'forum.createPost', ({ t, c }, { user }) => ({ i: forum.createPost(user, { threadId: t, content: c }) }));

  mountCall(api, 'forum.update', ({ p, t, a }) => {
    const target = p === undefined ? { kind: 'thread' as const, id: t ?? 0 } : { kind: 'post' as const, id: p };
    forum.moderate({ target, action: a ? 'approve' : 'delete' });
    return {};
  });
}
