import { z } from 'zod';
import { optionalInteger, sessionTokenSchema } from './common.ts';
import { FIELD_MESSAGES } from './field-messages.ts';
import { SEARCH_KINDS, SEARCH_QUERY_MAX } from './search-constants.ts';

export * from './search-constants.ts';

/**
 * One result. `snippet` alternates plain text and matched words: even places are plain, odd
 * places are the words to highlight, so a page renders them as text and can never run markup.
 */
export const searchResultSchema = z.object({
  /** The record's id: a president, an event, a forum thread or post, a newsletter … */
  id: z.number().int(),
  /** Where inside the record: a newsletter's page (1 = first), a forum post's thread id; 0 otherwise. */
  part: z.number().int(),
  /** What the link needs beside the ids: a newsletter's file name, a static page's path; '' otherwise. */
  ref: z.string(),
  title: z.string(),
  snippet: z.array(z.string()),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchGroupSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** How many results of this kind the viewer may see in all. */
  total: z.number().int(),
  results: z.array(searchResultSchema),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const search = {
  /**
   * Beyond the spec: the site search. Words match as typed, the last one also as the start of a
   * word; "quoted words" match as a phrase. Only what the viewer may see is searched.
   */
  'site.search': {
    request: z.object({
      g: sessionTokenSchema.optional(),
      q: z
        .string({ error: FIELD_MESSAGES.missing('search') })
        .max(SEARCH_QUERY_MAX, FIELD_MESSAGES.tooLong('search', SEARCH_QUERY_MAX))
        .describe('search'),
      /**
       * One kind only, SEARCH_PAGE_SIZE results at a time (`page` for the next ones); without it
       * the overview: the first SEARCH_OVERVIEW_SIZE results of every kind, with their totals.
       */
      kind: z.enum(SEARCH_KINDS, { error: 'Please choose one of the kinds of results.' }).optional().describe('kind'),
      page: optionalInteger('page', { min: 1, max: 1000 }).transform((page) => page ?? 1),
    }),
    response: z.object({
      groups: z.array(searchGroupSchema),
      /** Why nothing was searched (nothing to search for), for the page to show; '' otherwise. */
      note: z.string(),
    }),
  },
};
