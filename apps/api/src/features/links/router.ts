import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { readLinkGroups } from './store.ts';

export function mountLinksCalls(api: ApiRouter, { db }: AppDeps): void {
  mountCall(api, 'links.get', () => ({ l: readLinkGroups(db) }));
}
