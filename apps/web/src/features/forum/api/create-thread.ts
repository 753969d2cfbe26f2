import { useCallMutation } from '../../../api/call-query.ts';
import { FORUM_READS } from './forum-reads.ts';

export type NewThread = { title: string; description: string; images: File[] };

/** Starts a thread (t title, d description, f[] pictures on the wire); resolves with its id once the forum reads are fresh. */
export function useCreateThread() {
  const { mutateAsync, isPending } = useCallMutation('forum.createThread', { invalidates: FORUM_READS });
  return {
    isPending,
    mutateAsync: async ({ title, description, images }: NewThread): Promise<{ id: number }> => {
      const { i } = await mutateAsync({ body: { t: title, d: description }, files: { f: images } });
      return { id: i };
    },
  };
}
