import { BLOG_PAGE_SIZE } from '@club/contracts/plain';
import type { BlogLayoutEntry, BlogPageReply, BlogPost, BlogPostReply, SessionUser } from '@club/contracts';
import type { StoredBlogEntry } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors.ts';
import { deletePost, findNeighbours, findPost, insertPost, iteratePosts, listPostPage, updatePost } from './store.ts';

/** The longest side a post's picture is stored at; smaller copies go beside it for phones. */
const BLOG_IMAGE_MAX_PX = 2048;

type PostSave = {
  id: number;
  title: string;
  date: string;
  /** The body in the editor's order; without it the legacy fields below make one. */
  layout?: BlogLayoutEntry[];
  text: string;
  keptImages: string[];
  videos: string[];
  /** New JPEGs in the order of f[]; a layout refers to them by index. */
  photos: Buffer[];
  /** Quarter turns clockwise for each new photo (missing = none). */
  rotations: number[];
};

export type BlogService = {
  /** Every post, newest first (the legacy list), read one at a time as it is iterated. */
  streamAll(): Iterable<BlogPost>;
  /** One page of BLOG_PAGE_SIZE posts (1 = the newest), and how many posts there are. */
  listPage(page: number): BlogPageReply;
  /** One post (null if there is none) with the ids of its newer and older neighbours. */
  readOne(id: number): BlogPostReply;
  /** Stores the new photos, writes the post, and deletes the files of pictures taken off it. */
  save(actor: SessionUser, post: PostSave): Promise<number>;
  /** Deletes a post and its pictures' files. */
  remove(id: number): void;
};

/** The body the legacy form describes: its text, then the kept and new pictures, then each video. */
export function legacyLayout(text: string, keptImages: string[], photoCount: number, videos: string[]): BlogLayoutEntry[] {
  const pictures = [...keptImages, ...Array.from({ length: photoCount }, (_, index) => index)];
  return [...(text ? [{ h: text }] : []), ...(pictures.length ? [{ s: pictures }] : []), ...videos.map((y) => ({ y }))];
}

/**
 * Checks a layout against the post's current pictures and the files sent, and drops blank
 * entries. Returns the entries and which new files (by index) they use, in first-use order.
 */
export function checkLayout(layout: BlogLayoutEntry[], currentImages: string[], photoCount: number): { entries: BlogLayoutEntry[]; used: number[] } {
  const used: number[] = [];
  const kept = new Set<string>();
  const entries: BlogLayoutEntry[] = [];
  for (const entry of layout) {
    if ('h' in entry) {
      if (entry.h.trim()) entries.push({ h: entry.h.trim() });
    } else if ('y' in entry) {
      if (entry.y) entries.push(entry);
    } else {
      for (const picture of entry.s) {
        if (typeof picture === 'number') {
          if (picture >= photoCount) throw badRequest('A new photo did not arrive with the post. Please choose it again and save.');
          if (used.includes(picture)) throw badRequest('The same new photo appears twice in the post. Please remove one and save.');
          used.push(picture);
        } else {
          if (!currentImages.includes(picture)) {
            throw badRequest('A picture in the post is no longer on it (someone may have changed it). Please reload the page and try again.');
          }
          if (kept.has(picture)) throw badRequest('The same picture appears twice in the post. Please remove one and save.');
          kept.add(picture);
        }
      }
      if (entry.s.length) entries.push(entry);
    }
  }
  if (entries.length === 0) throw badRequest('Please add some text, a photo or a video to the post before saving.');
  return { entries, used };
}

export function createBlogService({ db, services }: Pick<AppDeps, 'db' | 'services'>): BlogService {
  return {
    streamAll: () => iteratePosts(db),

    listPage(page) {
      return listPostPage(db, page, BLOG_PAGE_SIZE);
    },

    readOne(id) {
      const post = findPost(db, id);
      if (!post) return { post: null, newerId: null, olderId: null };
      return { post, ...findNeighbours(db, post) };
    },

    async save(actor, { id, title, date, layout, text, keptImages, videos, photos, rotations }) {
      const existing = id === 0 ? undefined : findPost(db, id);
      if (id !== 0 && !existing) throw notFound('That post');
      const currentImages = existing?.images ?? [];
      const { entries, used } = checkLayout(layout ?? legacyLayout(text, keptImages, photos.length, videos), currentImages, photos.length);
      const pending = used.map((index) => ({
        buffer: photos[index] as Buffer,
        options: { folder: 'blog', maxSize: BLOG_IMAGE_MAX_PX, quarterTurns: rotations[index] ?? 0 },
      }));
      return services.images.saveWithUploads(pending, (urls) => {
        const urlOf = new Map(used.map((index, n) => [index, urls[n] ?? '']));
        const htmlData: StoredBlogEntry[] = entries.map((entry) =>
          's' in entry ? { s: entry.s.map((p) => (typeof p === 'number' ? (urlOf.get(p) ?? '') : p)) } : entry,
        );
        const fields = { title, date, htmlData, modifiedKey: Date.now() };
        const postId = db.transaction((tx) => {
          const savedId = existing ? existing.id : insertPost(tx, fields, actor.id);
          if (existing && !updatePost(tx, existing.id, fields)) throw notFound('That post');
          services.search.reindex(tx, 'photo', [savedId]);
          return savedId;
        });
        const stillShown = new Set(htmlData.flatMap((e) => ('s' in e ? e.s : [])));
        return { result: postId, dropped: currentImages.filter((url) => !stillShown.has(url)) };
      });
    },

    remove(id) {
      const existing = findPost(db, id);
      const isDeleted = db.transaction((tx) => {
        if (!existing || !deletePost(tx, id)) return false;
        services.search.reindex(tx, 'photo', [id]);
        return true;
      });
      if (!existing || !isDeleted) throw notFound('That post');
      for (const url of existing.images) services.images.remove(url);
    },
  };
}
