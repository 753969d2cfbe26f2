import { useQueryClient } from '@tanstack/react-query';
import { useCallMutation } from '../../../api/call-query.ts';
import { FORUM_LIST_READS, FORUM_READS } from './forum-reads.ts';

export type ForumTarget = { kind: 'thread' | 'post'; id: number };

/** The wire fields of `forum.update`, mapped here only: p post or t thread, a approve or d delete. */
const toUpdateBody = (target: ForumTarget, action: 'approve' | 'delete') => {
  const flag = action === 'approve' ? { a: 1 } : { d: 1 };
  return target.kind === 'thread' ? { t: target.id, ...flag } : { p: target.id, ...flag };
};

/**
 * A moderator approves or deletes a thread or a reply. Each resolves once the forum reads are
 * fresh; a deleted thread's own read is left alone (reloading it would only fail): `forgetThread`
 * drops it once the page has moved away from it.
 */
export function useModeration() {
  const queryClient = useQueryClient();
  const { mutateAsync } = useCallMutation('forum.update', {
    invalidates: (_reply, { body }) => ('t' in body && 'd' in body ? FORUM_LIST_READS : FORUM_READS),
  });
  return {
    approve: async (target: ForumTarget): Promise<void> => void (await mutateAsync({ body: toUpdateBody(target, 'approve') })),
    remove: async (target: ForumTarget): Promise<void> => void (await mutateAsync({ body: toUpdateBody(target, 'delete') })),
    forgetThread: (id: number) => queryClient.removeQueries({ queryKey: ['forum.thread', { id }] }),
  };
}
