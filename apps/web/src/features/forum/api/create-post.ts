import { useCallMutation } from '../../../api/call-query.ts';
import { FORUM_READS } from './forum-reads.ts';

/** Replies in a thread (t thread, c content on the wire); resolves with the reply's id once the forum reads are fresh. */
export function useCreatePost() {
  const { mutateAsync, isPending } = useCallMutation('forum.createPost', { invalidates: FORUM_READS });
  return {
    isPending,
    mutateAsync: async ({ threadId, content }: { threadId: number; content: string }): Promise<{ id: number }> => {
      const { i } = await mutateAsync({ body: { t: threadId, c: content } });
      return { id: i };
    },
  };
}
