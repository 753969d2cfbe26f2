import { dateFormat, SEARCH_OVERVIEW_SIZE, SEARCH_PAGE_SIZE } from '@club/contracts/plain';
import type { SearchGroup, SearchKind } from '@club/contracts';
import Database from 'better-sqlite3';
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
 *
 * The FTS5 table is contentless (`content=''`, `contentless_delete=1`): it holds the words, not a
 * second copy of every text (the newsletters' pages alone are megabytes). The text of the few
 * results an answer shows is read again from their sources, and their snippets are cut by FTS5
 * itself in a small in-memory table with the same tokenizer, so they mark what the index matched.
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

/** One entry of a record: its part, for a record with many (a newsletter's pages). */
export type SearchPiece = { recordId: number; part: number };

export type SearchSource = {
  kind: SearchKind;
  /** The entries of these records (all records when `recordIds` is undefined); none for a deleted one. */
  entriesOf(db: DbOrTx, recordIds?: readonly number[]): SearchEntry[];
  /**
   * For a kind whose records have many entries: just these pieces' entries (at least them),
   * read for the results an answer shows. `entriesOf` of their records otherwise.
   */
  entriesAt?(db: DbOrTx, pieces: readonly SearchPiece[]): SearchEntry[];
  /** Its text ships with the code (the written pages): indexed again at every start, as a version may change it. */
  isShipped?: boolean;
};

/**
 * A calendar day (YYYY-MM-DD, or the day of a stored club-time start) as people write it, "April 18,
 * 2026", for the titles and texts sources give: a result never shows "2026-04-18". The day is already
 * the club's, so it is read in UTC and never shifts.
 */
export function readableDay(day: string, { withWeekday = false } = {}): string {
  const moment = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(moment.getTime())) return day;
  return dateFormat({ timeZone: 'UTC', ...(withWeekday ? { weekday: 'long' } : {}), month: 'long', day: 'numeric', year: 'numeric' }).format(moment);
}

export type SearchViewer = { memberId?: number; isModerator: boolean };

export type SearchAnswer = { groups: SearchGroup[]; note: string };

export type SearchIndex = {
  /** Brings the index in line with these records of `kind`; call it in the write's transaction. */
  reindex(tx: DbOrTx, kind: SearchKind, recordIds: readonly number[]): void;
  /** Empties the index and fills it again from every source, in one transaction. */
  rebuild(): { entries: number };
  /** At a start: runs the rebuild a migration asked for (true when it ran). */
  rebuildIfWanted(): boolean;
  /** Indexes again the kinds whose text ships with the code: after a start, as a new version may have changed it. */
  reindexShipped(): void;
  /**
   * What the viewer may find for the user's query, with each kind's total: the first
   * SEARCH_OVERVIEW_SIZE results of every kind, or with `kind` a page of SEARCH_PAGE_SIZE of it.
   */
  search(viewer: SearchViewer, query: string, options?: { kind?: SearchKind; page?: number }): SearchAnswer;
};

/** Marks around matched words in snippets; stripped from indexed text so no content can fake them. */
const HIT_START = '\u0002';
const HIT_END = '\u0003';
const MARKERS = new RegExp(`[${HIT_START}${HIT_END}]`, 'g');

/** Words in one snippet. */
const SNIPPET_TOKENS = 24;

/**
 * Porter stemming over unicode61 with diacritics folded: "restoring" finds "restored" and
 * "Müller" finds "Muller". The index's (migration 0019_search_contentless) and the snippets'.
 */
export const SEARCH_TOKENIZER = 'porter unicode61 remove_diacritics 2';

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

function removeEntries(tx: DbOrTx, kind: SearchKind, recordIds: readonly number[]): void {
  const chosen = sql`SELECT id FROM search_entries WHERE kind = ${kind} AND record_id IN (SELECT value FROM json_each(${JSON.stringify(recordIds)}))`;
  // contentless_delete=1: FTS5 forgets a row's words by its rowid alone.
  tx.run(sql`DELETE FROM search_text WHERE rowid IN (${chosen})`);
  tx.run(sql`DELETE FROM search_entries WHERE id IN (${chosen})`);
}

/** An entry's place among its record's: what the text of a result is found by again. */
const keyOf = (recordId: number, part: number, audience: string) => `${recordId}:${part}:${audience}`;

function insertEntries(tx: DbOrTx, kind: SearchKind, entries: readonly SearchEntry[]): void {
  const seen = new Set<string>();
  for (const entry of entries) {
    // A result's text is read back from its source by this key, so it must name one entry.
    const key = keyOf(entry.recordId, entry.part ?? 0, entry.audience);
    if (seen.has(key)) throw new Error(`The ${kind} source gave two entries for ${key}.`);
    seen.add(key);
    const { id } = tx.get<{ id: number }>(
      sql`INSERT INTO search_entries (kind, record_id, part, ref, audience, author_id)
          VALUES (${kind}, ${entry.recordId}, ${entry.part ?? 0}, ${entry.ref ?? ''}, ${entry.audience}, ${entry.authorId ?? null})
          RETURNING id`,
    );
    tx.run(sql`INSERT INTO search_text (rowid, title, body) VALUES (${id}, ${clean(entry.title)}, ${clean(entry.body)})`);
  }
}

type HitRow = { id: number; kind: SearchKind; total: number; best: number; recordId: number; part: number; ref: string; audience: string };
type SnippetRow = { id: number; snippet: string };

/**
 * Cuts snippets with FTS5's own snippet(): the shown results' texts go into an in-memory table
 * with the index's tokenizer and are matched with the same query. A connection of its own, so
 * the database's change count (the reply cache's stamp) never moves for a read.
 */
function createSnippetCutter() {
  let cutter: { memory: Database.Database; insert: Database.Statement; select: Database.Statement } | undefined;
  return (texts: readonly { id: number; title: string; body: string }[], match: string): Map<number, string> => {
    if (cutter === undefined) {
      const memory = new Database(':memory:');
      memory.exec(`CREATE VIRTUAL TABLE shown USING fts5(title, body, tokenize = '${SEARCH_TOKENIZER}')`);
      cutter = {
        memory,
        insert: memory.prepare('INSERT INTO shown (rowid, title, body) VALUES (?, ?, ?)'),
        select: memory.prepare(`SELECT rowid AS id, snippet(shown, -1, ?, ?, '…', ${SNIPPET_TOKENS}) AS snippet FROM shown WHERE shown MATCH ?`),
      };
    }
    const { memory, insert, select } = cutter;
    // Filled for this answer only: the rollback empties the table again.
    memory.exec('BEGIN');
    try {
      for (const text of texts) insert.run(text.id, text.title, text.body);
      return new Map((select.all(HIT_START, HIT_END, match) as SnippetRow[]).map((row) => [row.id, row.snippet]));
    } finally {
      memory.exec('ROLLBACK');
    }
  };
}

export function createSearchIndex(db: Db, sources: readonly SearchSource[]): SearchIndex {
  const sourceOf = new Map(sources.map((source) => [source.kind, source]));
  const client = db.$client;

  // The counts and the shown page of each kind in one statement; the audience test is the
  // visibility rule. Every hit is scored (bm25) and counted, but only the ids, kinds and scores
  // are sorted, and only the shown rows are joined to what their links need.
  const findHits = client.prepare<Record<string, unknown>, HitRow>(`
    WITH hits AS MATERIALIZED (
      SELECT rowid AS id, bm25(search_text, 8.0, 1.0) AS score FROM search_text WHERE search_text MATCH :match
    ), visible AS MATERIALIZED (
      SELECT e.id, e.kind, h.score
      FROM hits h CROSS JOIN search_entries e ON e.id = h.id
      WHERE (e.audience = 'public'
          OR (e.audience = 'members' AND :isMember)
          OR (e.audience = 'visitors' AND NOT :isMember)
          OR (e.audience = 'waiting' AND (:isModerator OR e.author_id = :memberId)))
        AND (:kind IS NULL OR e.kind = :kind)
    ), kinds AS (
      SELECT kind, count(*) AS total, min(score) AS best FROM visible GROUP BY kind
    ), ranked AS (
      SELECT id, kind, row_number() OVER (PARTITION BY kind ORDER BY score, id) AS n FROM visible
    )
    SELECT r.id, r.kind, k.total, k.best, e.record_id AS recordId, e.part, e.ref, e.audience
    FROM ranked r JOIN kinds k ON k.kind = r.kind CROSS JOIN search_entries e ON e.id = r.id
    WHERE r.n > :skip AND r.n <= :skip + :size
    ORDER BY k.best, k.kind, r.n`);
  const cutSnippets = createSnippetCutter();

  /** The shown results' title and text, read from their sources (the index keeps only words). */
  function textsOf(hits: readonly HitRow[]) {
    const texts: { id: number; title: string; body: string }[] = [];
    for (const kind of new Set(hits.map((hit) => hit.kind))) {
      const ofKind = hits.filter((hit) => hit.kind === kind);
      const source = sourceOf.get(kind);
      if (!source) continue;
      const entries = source.entriesAt
        ? source.entriesAt(
            db,
            ofKind.map((hit) => ({ recordId: hit.recordId, part: hit.part })),
          )
        : source.entriesOf(db, [...new Set(ofKind.map((hit) => hit.recordId))]);
      const byKey = new Map(entries.map((entry) => [keyOf(entry.recordId, entry.part ?? 0, entry.audience), entry]));
      for (const hit of ofKind) {
        const entry = byKey.get(keyOf(hit.recordId, hit.part, hit.audience));
        if (entry) texts.push({ id: hit.id, title: clean(entry.title), body: clean(entry.body) });
      }
    }
    return texts;
  }

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
        tx.run(sql`INSERT INTO search_text (search_text) VALUES ('delete-all')`);
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

    reindexShipped() {
      db.transaction((tx) => {
        for (const source of sources.filter((each) => each.isShipped)) {
          const held = tx.all<{ id: number }>(sql`SELECT DISTINCT record_id AS id FROM search_entries WHERE kind = ${source.kind}`).map((row) => row.id);
          index.reindex(tx, source.kind, [...new Set([...held, ...source.entriesOf(tx).map((entry) => entry.recordId)])]);
        }
      });
    },

    search(viewer, query, { kind, page = 1 } = {}) {
      const match = toMatchQuery(query);
      if (match === undefined) return { groups: [], note: NOTHING_TO_SEARCH };
      const size = kind === undefined ? SEARCH_OVERVIEW_SIZE : SEARCH_PAGE_SIZE;
      let hits: HitRow[];
      let snippets: Map<number, string>;
      let texts: Map<number, { title: string }>;
      try {
        hits = findHits.all({
          match,
          isMember: viewer.memberId === undefined ? 0 : 1,
          isModerator: viewer.isModerator ? 1 : 0,
          memberId: viewer.memberId ?? null,
          kind: kind ?? null,
          skip: (page - 1) * size,
          size,
        });
        const shown = textsOf(hits);
        texts = new Map(shown.map((text) => [text.id, text]));
        snippets = shown.length === 0 ? new Map() : cutSnippets(shown, match);
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
  return index;
}
