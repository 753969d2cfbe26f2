import { SEARCH_OVERVIEW_SIZE, SEARCH_PAGE_SIZE } from '@club/contracts/plain';
import type { SearchGroup, SearchKind } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { HIT_END, HIT_START } from '../../services/search-index.ts';
import { createSearchStore, type HitRow } from './store.ts';

/**
 * The site search's rules (docs/SEARCH.md): what someone typed as a query that cannot be an FTS5
 * syntax error, who finds what (the store's query filters on each entry's audience), and the
 * answer's groups and pages. The index itself is written by `services/search-index.ts`, which
 * every feature's write calls (`services.search.reindex(tx, kind, ids)`).
 */

type SearchViewer = { memberId?: number; isModerator: boolean };

type SearchAnswer = { groups: SearchGroup[]; note: string };

export type SearchService = {
  /**
   * What the viewer may find for the user's query, with each kind's total: the first
   * SEARCH_OVERVIEW_SIZE results of every kind, or with `kind` a page of SEARCH_PAGE_SIZE of it.
   */
  search(viewer: SearchViewer, query: string, options?: { kind?: SearchKind; page?: number }): SearchAnswer;
};

const NOTHING_TO_SEARCH = 'Type a word or two to search for.';
const UNREADABLE_SEARCH = 'That search could not be understood. Try plain words, or "words in quotes" for a phrase.';

/**
 * Turns what someone typed into an FTS5 query that cannot be a syntax error: each word and each
 * "quoted phrase" becomes a quoted string (so AND, NEAR, *, ( and ' are plain text), all must
 * match, and the last word also matches as the start of a word (search as you type) unless a
 * space follows it. An unclosed quote makes the rest a phrase. Undefined when there is no word.
 */
export function toMatchQuery(input: string): string | undefined {
  const terms: string[] = [];
  const pieces = input.split('"');
  pieces.forEach((piece, index) => {
    const isPhrase = index % 2 === 1;
    const words = piece.match(/[\p{L}\p{N}]+/gu) ?? [];
    if (isPhrase && words.length > 0) terms.push(`"${words.join(' ')}"`);
    if (!isPhrase) for (const word of words) terms.push(`"${word}"`);
  });
  if (terms.length === 0) return undefined;
  const isStillTyping = /[\p{L}\p{N}]$/u.test(input);
  if (isStillTyping) terms[terms.length - 1] = `${terms.at(-1)}*`;
  return terms.join(' ');
}

/** "A <b>hit</b> here" as ['A ', 'hit', ' here']: even places plain, odd places matched. */
export function splitSnippet(marked: string): string[] {
  const parts: string[] = [];
  let rest = marked;
  for (;;) {
    const start = rest.indexOf(HIT_START);
    if (start < 0) break;
    const end = rest.indexOf(HIT_END, start + 1);
    if (end < 0) break;
    parts.push(rest.slice(0, start), rest.slice(start + 1, end));
    rest = rest.slice(end + 1);
  }
  parts.push(rest);
  return parts;
}

export function createSearchService({ db, services }: Pick<AppDeps, 'db' | 'services'>): SearchService {
  const store = createSearchStore(db, services.search);
  return {
    search(viewer, query, { kind, page = 1 } = {}) {
      const match = toMatchQuery(query);
      if (match === undefined) return { groups: [], note: NOTHING_TO_SEARCH };
      const size = kind === undefined ? SEARCH_OVERVIEW_SIZE : SEARCH_PAGE_SIZE;
      let hits: HitRow[];
      let snippets: Map<number, string>;
      let texts: Map<number, { title: string }>;
      try {
        hits = store.findHits({ match, memberId: viewer.memberId, isModerator: viewer.isModerator, kind, skip: (page - 1) * size, size });
        const shown = store.textsOf(hits);
        texts = new Map(shown.map((text) => [text.id, text]));
        snippets = shown.length === 0 ? new Map() : store.cutSnippets(shown, match);
      } catch (error) {
        // toMatchQuery quotes every word, so this is not expected; a query FTS5 refuses still
        // gets an answer the page can show, never a 500.
        if (error instanceof Error && /fts5|syntax/i.test(error.message)) return { groups: [], note: UNREADABLE_SEARCH };
        throw error;
      }
      const groups: SearchGroup[] = [];
      for (const hit of hits) {
        let group = groups.at(-1);
        if (group?.kind !== hit.kind) {
          group = { kind: hit.kind, total: hit.total, results: [] };
          groups.push(group);
        }
        // A record whose source no longer gives this entry (a listing that ended since the
        // morning's reindex) is left out rather than shown without its text.
        const text = texts.get(hit.id);
        if (text === undefined) continue;
        group.results.push({
          id: hit.recordId,
          part: hit.part,
          ref: hit.ref,
          title: text.title,
          snippet: splitSnippet(snippets.get(hit.id) ?? ''),
        });
      }
      return { groups, note: '' };
    },
  };
}
