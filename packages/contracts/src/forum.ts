import { z } from 'zod';
import { flag, integer, optionalInteger, optionalText, sessionTokenSchema, text } from './common.ts';
import { FORUM_SORTS } from './forum-constants.ts';

export const forumPostSchema = z.object({
  id: z.number().int(),
  created: z.string(),
  content: z.string(),
  author: z.string(),
  approved: z.boolean(),
  isMine: z.boolean(),
});
export type ForumPost = z.infer<typeof forumPostSchema>;

export const forumThreadSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrls: z.array(z.string()),
  author: z.string(),
  approved: z.boolean(),
  isMine: z.boolean(),
  created: z.string(),
  posts: z.array(forumPostSchema),
});
export type ForumThread = z.infer<typeof forumThreadSchema>;

/** A line of the thread list (`l`): counts and last activity cover only the posts the reader may see. */
export const forumThreadSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string(),
  approved: z.boolean(),
  isMine: z.boolean(),
  created: z.string(),
  postCount: z.number().int(),
  /** The newest of the thread's and its visible posts' creation times. */
  lastActivity: z.string(),
});
export type ForumThreadSummary = z.infer<typeof forumThreadSummarySchema>;

/** Something waiting for a moderator (`w`): a thread, or a post (`post` set) in thread `thread`. */
export const forumWaitingSchema = z.object({
  thread: z.number().int(),
  post: z.number().int().optional(),
  title: z.string(),
  author: z.string(),
  created: z.string(),
});
export type ForumWaiting = z.infer<typeof forumWaitingSchema>;

/** The answer to `forum.page`: one page of the thread list; moderators (and admins) also get `waiting`. */
export const forumPageReplySchema = z.object({
  threads: z.array(forumThreadSummarySchema),
  /** Threads the search found (every one the reader may see when there are no words), for the page count. */
  found: z.number().int(),
  /** Every thread the reader may see. */
  total: z.number().int(),
  waiting: z.array(forumWaitingSchema).optional(),
});
export type ForumPageReply = z.infer<typeof forumPageReplySchema>;

const blankToUndefined = (value: unknown): unknown => (value === '' || value === null ? undefined : value);

export const forum = {
  /** The spec's call: every thread the reader may see, with its posts (the legacy forum). */
  'forum.get': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ f: z.array(forumThreadSchema) }),
  },
  /**
   * Beyond the spec: one page of the thread list, as the forum page shows it. Every word of `q`
   * must appear in the title or the author's name; `sort` orders the list. A page holds
   * FORUM_PAGE_SIZE threads.
   */
  'forum.page': {
    request: z.object({
      g: sessionTokenSchema,
      q: optionalText('search words', 100),
      sort: z
        .preprocess(blankToUndefined, z.enum(FORUM_SORTS, { error: `The order must be one of ${FORUM_SORTS.join(', ')}.` }).optional())
        .transform((sort) => sort ?? 'activity')
        .describe('order'),
      page: optionalInteger('page', { min: 1, max: 10_000 }).transform((page) => page ?? 1),
    }),
    response: forumPageReplySchema,
  },
  /** Beyond the spec: one thread with its posts; 404 for an unknown thread or someone else's unapproved one. */
  'forum.thread': {
    request: z.object({ g: sessionTokenSchema, id: integer('thread', { min: 1 }) }),
    response: z.object({ thread: forumThreadSchema }),
  },
  'forum.createThread': {
    request: z.object({ g: sessionTokenSchema, t: text('title', 200), d: text('description', 20000) }),
    response: z.object({ i: z.number().int() }),
  },
  'forum.createPost': {
    request: z.object({ g: sessionTokenSchema, t: integer('thread', { min: 1 }), c: text('message', 20000) }),
    response: z.object({ i: z.number().int() }),
  },
  'forum.update': {
    request: z
      .object({
        g: sessionTokenSchema,
        p: optionalInteger('post', { min: 1 }),
        t: optionalInteger('thread', { min: 1 }),
        d: flag('delete'),
        a: flag('approve'),
      })
      .refine((v) => (v.p === undefined) !== (v.t === undefined), 'Choose either a post or a thread.')
      .refine((v) => v.d !== v.a, 'Choose either approve or delete.'),
    response: z.object({}),
  },
} as const;
