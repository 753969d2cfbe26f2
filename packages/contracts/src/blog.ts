import { z } from 'zod';
import { integer, isoDate, list, optionalText, recordId, sessionTokenSchema, text } from './common.ts';

export const BLOG_PAGE_SIZE = 5;

/** One entry of a post's body: h text, s image names, y a video id. */
export const blogEntrySchema = z.union([
  z.object({ h: z.string() }),
  z.object({ s: z.array(z.string()) }),
  z.object({ y: z.string() }),
]);
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

/** An 11-character video id, or empty. */
export const videoIdSchema = z.string().trim().regex(/^([A-Za-z0-9_-]{11})?$/, 'A video must be given as its 11-character id.');

export const blog = {
  'blog.get': {
    request: z.object({ g: sessionTokenSchema.optional() }),
    response: z.object({ b: z.array(blogPostSchema) }),
  },
  'blog.save': {
    request: z.object({
      id: recordId('post id'),
      g: sessionTokenSchema,
      t: text('title', 200),
      date: isoDate('date'),
      h: optionalText('text', 50000),
      /** Names of images already on the post that are kept. */
      s: list(z.string().trim().max(300), 'kept images'),
      y: list(videoIdSchema, 'videos'),
      /** Quarter turns to apply to each new image, in the order of f[]. */
      rot: list(integer('rotation', { min: 0, max: 3 }), 'rotations'),
    }),
    response: z.object({ i: z.number().int() }),
  },
  'blog.delete': {
    request: z.object({ g: sessionTokenSchema, id: integer('post id', { min: 1 }) }),
    response: z.object({}),
  },
} as const;
