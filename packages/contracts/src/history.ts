import { z } from 'zod';
import { emptyRequestSchema, integer, optionalInteger, optionalIsoDate, optionalText, recordId, sessionTokenSchema, list, text } from './common.ts';

export const presidentSchema = z.object({ id: z.number().int(), year: z.number().int(), name: z.string() });
export type President = z.infer<typeof presidentSchema>;

export const shaftAwardWinnerSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  name: z.string(),
  imageUrl: z.string(),
});
export type ShaftAwardWinner = z.infer<typeof shaftAwardWinnerSchema>;

export const startupPartySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.string(),
  model: z.string(),
  idleYears: z.number().int().nullable(),
  dateStarted: z.string().nullable(),
  extra: z.string(),
});
export type StartupParty = z.infer<typeof startupPartySchema>;

/** One board post with the members who hold it. */
export const boardPostSchema = z.object({ post: z.string(), members: z.array(z.string()) });
export type BoardPost = z.infer<typeof boardPostSchema>;

/** Legacy shape: [year, imageUrl, JSON text of [post, member] pairs]. */
export const boardRowSchema = z.tuple([z.number().int(), z.string(), z.string()]);

/** The third item of a board row, once parsed: one [post, member] pair per seat, in order. */
export const boardPairsSchema = z.array(z.tuple([z.string(), z.string()]));
export type BoardPair = z.infer<typeof boardPairsSchema>[number];

export const ideaSchema = z.object({ title: z.string(), content: z.string(), author: z.string() });
export type Idea = z.infer<typeof ideaSchema>;

const yearSchema = integer('year', { min: 1900, max: 2200 });

export const history = {
  'presidents.get': {
    request: emptyRequestSchema,
    response: z.object({ p: z.array(presidentSchema) }),
  },
  'president.save': {
    request: z.object({ i: recordId(), g: sessionTokenSchema, y: yearSchema, n: text('name', 200) }),
    response: z.object({ i: z.number().int() }),
  },
  'shaftAwardWinners.get': {
    request: emptyRequestSchema,
    response: z.object({ w: z.array(shaftAwardWinnerSchema) }),
  },
  'shaftAwardWinner.set': {
    request: z.object({
      i: recordId(),
      g: sessionTokenSchema,
      y: yearSchema,
      n: text('name', 200),
      /** The current image URL; blank removes the image (unless a new file f is sent). */
      img: optionalText('image', 500),
    }),
    response: z.object({ i: z.number().int(), img: z.string() }),
  },
  'startupParties.get': {
    request: emptyRequestSchema,
    response: z.object({ p: z.array(startupPartySchema) }),
  },
  'startupParty.set': {
    request: z.object({
      i: recordId(),
      g: sessionTokenSchema,
      n: optionalText('car name', 200),
      o: optionalText('owner', 200),
      m: optionalText('model', 200),
      y: optionalInteger('years idle', { min: 0, max: 200 }),
      s: optionalIsoDate('date started'),
      x: optionalText('extra note', 4000),
    }),
    response: z.object({ i: z.number().int() }),
  },
  'boardMembers.get': {
    request: emptyRequestSchema,
    response: z.object({ b: z.array(boardRowSchema) }),
  },
  'boardMembers.save': {
    request: z.object({
      g: sessionTokenSchema,
      y: yearSchema,
      p: list(z.string().trim().max(200, 'A post name is too long (at most 200 characters).'), 'posts'),
      m: list(z.string().trim().max(200, "A board member's name is too long (at most 200 characters)."), 'members'),
    }),
    response: z.object({}),
  },
  'idea.get': {
    request: emptyRequestSchema,
    response: ideaSchema,
  },
  'idea.set': {
    request: z.object({
      g: sessionTokenSchema,
      t: text('title', 200),
      c: text('content', 8000),
      a: optionalText('author', 200),
    }),
    response: z.object({}),
  },
} as const;
