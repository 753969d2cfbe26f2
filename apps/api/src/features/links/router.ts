import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createLinksService } from './service.ts';

export function mountLinksCalls(api: ApiRouter, deps: AppDeps): void {
  const links = createLinksService(deps);

  mountCall(api, 'links.get', () => ({ l: links.list() }), { cache: 'shared' });
}
