import type { CallBody } from '../../../api/client.ts';
import { useCallMutation } from '../../../api/call-query.ts';
import type { LayoutEntry } from '../editor-entries.ts';
import { BLOG_READS } from './blog-reads.ts';

/** A post as the editor saves it: id 0 adds one. */
export type PostDraft = {
  id: number;
  title: string;
  date: string;
  /** The body in order; a new picture is the index of its file in `photos`. */
  layout: LayoutEntry[];
  photos: File[];
  /** Quarter turns clockwise for each of `photos`. */
  turns: number[];
};

/** The wire fields of `blog.save` (its letter codes), mapped here only. */
const toSaveBody = ({ id, title, date, layout, turns }: Omit<PostDraft, 'photos'>): CallBody<'blog.save'> => ({
  id,
  t: title,
  date,
  entries: JSON.stringify(layout),
  rot: turns,
});

/** Adds or changes a post and resolves with its id once every post read is fresh. */
export function useSavePost() {
  const { mutateAsync, isPending } = useCallMutation('blog.save', { invalidates: BLOG_READS });
  return {
    isPending,
    mutateAsync: async ({ photos, ...draft }: PostDraft): Promise<number> => {
      const reply = await mutateAsync({ body: toSaveBody(draft), files: photos.length ? { f: photos } : undefined });
      return reply.i;
    },
  };
}
