import { z } from 'zod';
import { integer, isoDate, jsonText, list, optionalInteger, optionalText, recordId, sessionTokenSchema, text } from './common.ts';
import { BLOG_MAX_UPLOADS } from './blog-constants.ts';
import { extractVideoId } from './media.ts';

export { BLOG_MAX_UPLOADS, BLOG_PAGE_SIZE } from './blog-constants.ts';

/** One entry of a post's body: h text, s image names, y a video id. */
export const blogEntrySchema = z.union([z.object({ h: z.string() }), z.object({ s: z.array(z.string()) }), z.object({ y: z.string() })]);
export type BlogEntry = z.infer<typeof blogEntrySchema>;

export const blogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  htmlData: z.array(blogEntrySchema),
  modifiedKey: z.number(),
  text: z.string(),
  images: z.array(z.string()),
  ytVideos: z.array(z.string()),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

const VIDEO_MESSAGE = 'Please give each video as a YouTube link or its 11-character id.';

/** A video link in any common form or a bare id, kept as the 11-character id; blank stays empty. */
export const videoIdSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return '';
    const id = extractVideoId(value);
    if (!id) ctx.addIssue({ code: 'custom', message: VIDEO_MESSAGE });
    return id;
  });

/**
 * The post's body in order, as the editor arranged it: text, pictures and videos. In a picture
 * entry a string is a picture already on the post that is kept, a number the index of a new file
 * in f[]. Travels as JSON text under a plain name (the spec's letters cannot say the order).
 */
export const blogLayoutEntrySchema = z.union([
  z.object({ h: z.string().max(50000, 'A text entry is too long (at most 50000 characters).') }).strict(),
  z
    .object({
      s: z.array(
        z.union([
          z.string().trim().max(300),
          z
            .number()
            .int()
            .min(0)
            .max(BLOG_MAX_UPLOADS - 1),
        ]),
      ),
    })
    .strict(),
  z.object({ y: videoIdSchema }).strict(),
]);
export type BlogLayoutEntry = z.infer<typeof blogLayoutEntrySchema>;

const layoutSchema = jsonText(
  z.array(blogLayoutEntrySchema, { error: 'The post entries could not be read. Please reload the page and try again.' }).max(200).optional(),
).describe('entries');

/** The spec's answer to `blog.get`: every post, newest first. */
export const blogReplySchema = z.object({ b: z.array(blogPostSchema) });
export type BlogReply = z.infer<typeof blogReplySchema>;

/** The answer to `blog.page`: one page of BLOG_PAGE_SIZE posts, newest first, and how many posts there are. */
export const blogPageReplySchema = z.object({ posts: z.array(blogPostSchema), total: z.number().int() });
export type BlogPageReply = z.infer<typeof blogPageReplySchema>;

/** The answer to `blog.post`: the post (null for an unknown id) and the ids of the next newer and next older post (null at either end). */
export const blogPostReplySchema = z.object({
  post: blogPostSchema.nullable(),
  newerId: z.number().int().nullable(),
  olderId: z.number().int().nullable(),
});
export type BlogPostReply = z.infer<typeof blogPostReplySchema>;

export const blog = {
  /** The spec's call: every post (the legacy list). */
  'blog.get': {
    request: z.object({ g: sessionTokenSchema.optional() }),
    response: blogReplySchema,
  },
  /** Beyond the spec: one page of posts (1 = the newest), as /blog and the home page's photo show them. */
  'blog.page': {
    request: z.object({
      g: sessionTokenSchema.optional(),
      page: optionalInteger('page', { min: 1 }).transform((page) => page ?? 1),
    }),
    response: blogPageReplySchema,
  },
  /** Beyond the spec: one post with its neighbours (the post page and the editor). */
  'blog.post': {
    request: z.object({ g: sessionTokenSchema.optional(), id: integer('post id', { min: 1 }) }),
    response: blogPostReplySchema,
  },
  'blog.save': {
    request: z.object({
      id: recordId('post id'),
      g: sessionTokenSchema,
      t: text('title', 200),
      date: isoDate('date'),
      /** Without `entries`: the post's text (one text entry). */
      h: optionalText('text', 50000),
      /** Without `entries`: pictures already on the post that are kept (then the new ones). */
      s: list(z.string().trim().max(300), 'kept images'),
      /** Without `entries`: video links or ids, one entry each. */
      y: list(videoIdSchema, 'videos'),
      /** Quarter turns clockwise to apply to each new image, in the order of f[] (0-3; missing = 0). */
      rot: list(integer('rotation', { min: 0, max: 3 }), 'rotations'),
      entries: layoutSchema,
    }),
    response: z.object({ i: z.number().int() }),
  },
  'blog.delete': {
    request: z.object({ g: sessionTokenSchema, id: integer('post id', { min: 1 }) }),
    response: z.object({}),
  },
} as const;
