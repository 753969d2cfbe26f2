import { useCallMutation } from '../../../api/call-query.ts';
import { BLOG_READS } from './blog-reads.ts';

/** Deletes a post and its pictures' files; every post read is reloaded before it resolves. */
export function useDeletePost() {
  const { mutateAsync, isPending } = useCallMutation('blog.delete', { invalidates: BLOG_READS });
  return { isPending, mutateAsync: async (id: number): Promise<void> => void (await mutateAsync({ body: { id } })) };
}
