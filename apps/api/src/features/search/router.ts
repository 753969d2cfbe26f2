import { hasPermission } from '@club/contracts/plain';
import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createSearchService } from './service.ts';

export function mountSearchCalls(api: ApiRouter, deps: AppDeps): void {
  const search = createSearchService(deps);

  // Per viewer: members, moderators and each author find more than a visitor does.
  mountCall(
    api,
    'site.search',
    ({ q: query, kind, page }, { user }) =>
      search.search({ memberId: user?.id, isModerator: user !== undefined && hasPermission(user.permissions, 'moderator') }, query, {
        kind,
        page,
      }),
    { cache: 'member' },
  );
}
