import type { CallResponse } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { streamObject } from '../../http/json-stream.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createBlogService } from './service.ts';

export function mountBlogCalls(api: ApiRouter, deps: AppDeps): void {
  const blog = createBlogService(deps);

  // Several MB of JSON at ten times the club's data: written post by post and compressed as it goes.
  mountCall(api, 'blog.get', () => streamObject<CallResponse<'blog.get'>>({ b: blog.streamAll() }), { cache: 'shared' });
  mountCall(api, 'blog.page', ({ page }) => blog.listPage(page), { cache: 'shared' });
  mountCall(api, 'blog.post', ({ id }) => blog.readOne(id), { cache: 'shared' });

  mountCall(api, 'blog.save', async (input, { user, files }) => ({
    i: await blog.save(user, {
      id: input.id,
      title: input.t,
      date: input.date,
      layout: input.entries,
      text: input.h,
      keptImages: input.s,
      videos: input.y,
      photos: (files.f ?? []).map((file) => file.buffer),
      rotations: input.rot,
    }),
  }));

  mountCall(api, 'blog.delete', ({ id }) => {
    blog.remove(id);
    return {};
  });
}
