import type { BlogPost } from '@club/contracts';
import { extractVideoId } from '@club/contracts/plain';
import type { Rotation } from '../../components/image-picker/image-file.ts';

/** A picture in the editor: one already on the post, or a chosen file with its quarter turns. */
export type EditorPicture = { key: string; kind: 'saved'; url: string } | { key: string; kind: 'new'; file: File; rotation: Rotation };

/** One entry of the post as the editor holds it. */
export type EditorEntry =
  { key: string; kind: 'text'; text: string } | { key: string; kind: 'pictures'; pictures: EditorPicture[] } | { key: string; kind: 'video'; videoId: string };

/** The layout entry blog.save takes: a kept picture by URL, a new one by its index in f[]. */
export type LayoutEntry = { h: string } | { s: (string | number)[] } | { y: string };

let sequence = 0;
/** A key that stays with an entry while it moves, so React keeps its inputs. */
export const nextKey = (): string => `entry-${(sequence += 1)}`;

/** The editor's entries for a saved post (a new post starts with one text entry). */
export function entriesOf(post: BlogPost | undefined): EditorEntry[] {
  if (!post) return [{ key: nextKey(), kind: 'text', text: '' }];
  return post.htmlData.map((entry): EditorEntry => {
    if ('h' in entry) return { key: nextKey(), kind: 'text', text: entry.h };
    if ('s' in entry) return { key: nextKey(), kind: 'pictures', pictures: entry.s.map((url) => ({ key: nextKey(), kind: 'saved', url })) };
    return { key: nextKey(), kind: 'video', videoId: entry.y };
  });
}

/** Moves the entry at `index` one place up (-1) or down (1); the ends stay put. */
export function moveEntry<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const moved = [...list];
  const [entry] = moved.splice(index, 1);
  if (entry !== undefined) moved.splice(target, 0, entry);
  return moved;
}

/** What blog.save gets from the editor: the layout in order, the new files and their turns. */
export function toSaveParts(entries: readonly EditorEntry[]): { layout: LayoutEntry[]; files: File[]; rot: number[] } {
  const files: File[] = [];
  const rot: number[] = [];
  const layout = entries.flatMap((entry): LayoutEntry[] => {
    if (entry.kind === 'text') return entry.text.trim() ? [{ h: entry.text }] : [];
    if (entry.kind === 'video') return entry.videoId ? [{ y: entry.videoId }] : [];
    const pictures = entry.pictures.map((picture) => {
      if (picture.kind === 'saved') return picture.url;
      files.push(picture.file);
      rot.push(picture.rotation / 90);
      return files.length - 1;
    });
    return pictures.length ? [{ s: pictures }] : [];
  });
  return { layout, files, rot };
}

/** The video field keeps only the 11-character id of a link or bare id, else nothing (spec section 5). */
export const videoIdOf = (input: string): string => extractVideoId(input);
