import { SEARCH_PAGE_SIZE, type SearchGroup, type SearchKind } from '@club/contracts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';

/**
 * The site search's index (issue 25): one FTS5 table over every kind of content, kept current
 * by the features themselves. The whole contract with a feature is two things:
 *
 * 1. a `SearchSource` per kind (in the feature's `search-source.ts`), which says what the index
 *    holds for some records (or for all of them, for a rebuild), read from the feature's tables;
 * 2. one call, `services.search.reindex(tx, kind, ids)`, inside the transaction of every write
 *    that changes what a record says or who may see it, deletions included (a deleted record
 *    has no entries, so it leaves the index).
 *
 * The sources are listed once in `site-search.ts`. docs/SEARCH.md walks through adding a kind.
 */

/**
 * Who may find an entry; decided in SQL when searching, never after. `visitors` is for those
 * not logged in: the public text of a record whose members get a fuller `members` entry.
 */
export type SearchAudience = 'public' | 'members' | 'visitors' | 'waiting';

export type SearchEntry = {
  recordId: number;
  /** A newsletter's page, a forum post's thread; 0 when not given. */
  part?: number;
  /** What the web app needs for the link beside the ids (a file name, a path). */
  ref?: string;
  title: string;
  body: string;
  audience: SearchAudience;
  /** For `waiting` entries: the author, who finds their own text before it is approved. */
  authorId?: number | null;
};

export type SearchSource = {
  kind: SearchKind;
  /** The entries of these records (all records when `recordIds` is undefined); none for a deleted one. */
  entriesOf(db: DbOrTx, recordIds?: readonly number[]): SearchEntry[];
};

export type SearchViewer = { memberId?: number; isModerator: boolean };

export type SearchAnswer = { groups: SearchGroup[]; note: string };

export type SearchIndex = {
  /** Brings the index in line with these records of `kind`; call it in the write's transaction. */
  reindex(tx: DbOrTx, kind: SearchKind, recordIds: readonly number[]): void;
  /** Empties the index and fills it again from every source, in one transaction. */
  rebuild(): { entries: number };
  /** Runs the rebuild the migration that added the index asked for; true when it ran. */
  rebuildIfWanted(): boolean;
  /** What the viewer may find for the user's query: a page of at most 50 results per kind. */
  search(viewer: SearchViewer, query: string, options?: { kind?: SearchKind; page?: number }): SearchAnswer;
};

/** Marks around matched words in snippets; stripped from indexed text so no content can fake them. */
const HIT_START = '\u0002';
const HIT_END = '\u0003';
const MARKERS = new RegExp(`[${HIT_START}${HIT_END}]`, 'g');

/** Words in one snippet. */
const SNIPPET_TOKENS = 24;

export const NOTHING_TO_SEARCH = 'Type a word or two to search for.';
export const UNREADABLE_SEARCH = 'That search could not be understood. Try plain words, or "words in quotes" for a phrase.';

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

const clean = (text: string): string => text.replace(MARKERS, ' ');

/**
 * For a source's query: `${onlyRecords(ids)}` after a column keeps the records asked for, e.g.
 * sql`SELECT … FROM presidents WHERE id ${onlyRecords(recordIds)}` (all of them for a rebuild).
 */
export function onlyRecords(recordIds: readonly number[] | undefined) {
  return recordIds === undefined ? sql`IS NOT NULL` : sql`IN (SELECT value FROM json_each(${JSON.stringify(recordIds)}))`;
}

function removeEntries(tx: DbOrTx, kind: SearchKind, recordIds?: readonly number[]): void {
  const ids = recordIds === undefined ? undefined : JSON.stringify(recordIds);
  const chosen =
    ids === undefined
      ? sql`SELECT id FROM search_entries WHERE kind = ${kind}`
      : sql`SELECT id FROM search_entries WHERE kind = ${kind} AND record_id IN (SELECT value FROM json_each(${ids}))`;
  tx.run(sql`DELETE FROM search_text WHERE rowid IN (${chosen})`);
  tx.run(
    ids === undefined
      ? sql`DELETE FROM search_entries WHERE kind = ${kind}`
      : sql`DELETE FROM search_entries WHERE kind = ${kind} AND record_id IN (SELECT value FROM json_each(${ids}))`,
  );
}

function insertEntries(tx: DbOrTx, kind: SearchKind, entries: readonly SearchEntry[]): void {
  for (const entry of entries) {
    const { id } = tx.get<{ id: number }>(
      sql`INSERT INTO search_entries (kind, record_id, part, ref, audience, author_id)
          VALUES (${kind}, ${entry.recordId}, ${entry.part ?? 0}, ${entry.ref ?? ''}, ${entry.audience}, ${entry.authorId ?? null})
          RETURNING id`,
    );
    tx.run(sql`INSERT INTO search_text (rowid, title, body) VALUES (${id}, ${clean(entry.title)}, ${clean(entry.body)})`);
  }
}

type HitRow = { id: number; kind: SearchKind; total: number; best: number; recordId: number; part: number; ref: string };
type TextRow = { id: number; title: string; snippet: string };

export function createSearchIndex(db: Db, sources: readonly SearchSource[]): SearchIndex {
  const sourceOf = new Map(sources.map((source) => [source.kind, source]));
  const client = db.$client;

  // Counts and the page of each kind in one pass; the audience test is the visibility rule.
  const findHits = client.prepare<Record<string, unknown>, HitRow>(`
    WITH hits AS MATERIALIZED (
      SELECT rowid AS id, bm25(search_text, 8.0, 1.0) AS score FROM search_text WHERE search_text MATCH :match
    ), visible AS (
      SELECT e.id, e.kind, e.record_id, e.part, e.ref, h.score
      FROM hits h JOIN search_entries e ON e.id = h.id
      WHERE (e.audience = 'public'
          OR (e.audience = 'members' AND :isMember)
          OR (e.audience = 'visitors' AND NOT :isMember)
          OR (e.audience = 'waiting' AND (:isModerator OR e.author_id = :memberId)))
        AND (:kind IS NULL OR e.kind = :kind)
    ), ranked AS (
      SELECT *, row_number() OVER (PARTITION BY kind ORDER BY score, id) AS n,
             count(*) OVER (PARTITION BY kind) AS total, min(score) OVER (PARTITION BY kind) AS best
      FROM visible
    )
    SELECT id, kind, total, best, record_id AS recordId, part, ref FROM ranked
    WHERE n > :skip AND n <= :skip + :size
    ORDER BY best, kind, n`);
  const readTexts = client.prepare<Record<string, unknown>, TextRow>(`
    SELECT rowid AS id, title, snippet(search_text, -1, :start, :end, '…', ${SNIPPET_TOKENS}) AS snippet
    FROM search_text WHERE search_text MATCH :match AND rowid IN (SELECT value FROM json_each(:ids))`);

  const index: SearchIndex = {
    reindex(tx, kind, recordIds) {
      const source = sourceOf.get(kind);
      if (!source) throw new Error(`No search source for ${kind}.`);
      if (recordIds.length === 0) return;
      removeEntries(tx, kind, recordIds);
      insertEntries(tx, kind, source.entriesOf(tx, recordIds));
    },

    rebuild() {
      return db.transaction((tx) => {
        tx.run(sql`DELETE FROM search_text`);
        tx.run(sql`DELETE FROM search_entries`);
        let entries = 0;
        for (const source of sources) {
          const all = source.entriesOf(tx);
          insertEntries(tx, source.kind, all);
          entries += all.length;
        }
        tx.run(sql`INSERT INTO search_state (id, is_rebuild_wanted) VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET is_rebuild_wanted = 0`);
        return { entries };
      });
    },

    rebuildIfWanted() {
      const state = client.prepare('SELECT is_rebuild_wanted AS wanted FROM search_state WHERE id = 1').get() as { wanted: number } | undefined;
      if (!state?.wanted) return false;
      index.rebuild();
      return true;
    },

    search(viewer, query, { kind, page = 1 } = {}) {
      const match = toMatchQuery(query);
      if (match === undefined) return { groups: [], note: NOTHING_TO_SEARCH };
      let hits: HitRow[];
      let texts: TextRow[];
      try {
        hits = findHits.all({
          match,
          isMember: viewer.memberId === undefined ? 0 : 1,
          isModerator: viewer.isModerator ? 1 : 0,
          memberId: viewer.memberId ?? null,
          kind: kind ?? null,
          skip: (page - 1) * SEARCH_PAGE_SIZE,
          size: SEARCH_PAGE_SIZE,
        });
        texts = hits.length === 0 ? [] : readTexts.all({ match, ids: JSON.stringify(hits.map((hit) => hit.id)), start: HIT_START, end: HIT_END });
      } catch (error) {
        // toMatchQuery quotes every word, so this is not expected; a query FTS5 refuses still
        // gets an answer the page can show, never a 500.
        if (error instanceof Error && /fts5|syntax/i.test(error.message)) return { groups: [], note: UNREADABLE_SEARCH };
        throw error;
      }
      const textOf = new Map(texts.map((row) => [row.id, row]));
      const groups: SearchGroup[] = [];
      for (const hit of hits) {
        let group = groups.at(-1);
        if (group?.kind !== hit.kind) {
          group = { kind: hit.kind, total: hit.total, results: [] };
          groups.push(group);
        }
        const text = textOf.get(hit.id);
        group.results.push({
          id: hit.recordId,
          part: hit.part,
          ref: hit.ref,
          title: text?.title ?? '',
          snippet: splitSnippet(text?.snippet ?? ''),
        });
      }
      return { groups, note: '' };
    },
  };
  return index;
}
