import { z } from 'zod';
import { flag, integer, optionalInteger, sessionTokenSchema, text } from './common.ts';

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

export const forum = {
  'forum.get': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ f: z.array(forumThreadSchema) }),
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
