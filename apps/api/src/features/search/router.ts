import { hasPermission } from '@club/contracts/plain';
import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';

export function mountSearchCalls(api: ApiRouter, { services }: AppDeps): void {
  // Per viewer: members, moderators and each author find more than a visitor does.
  mountCall(
    api,
    'site.search',
    ({ q: query, kind, page }, { user }) =>
      services.search.search({ memberId: user?.id, isModerator: user !== undefined && hasPermission(user.permissions, 'moderator') }, query, {
        kind,
        page,
      }),
    { cache: 'member' },
  );
}
