import { dateFormat } from '@club/contracts/plain';
import type { SearchKind } from '@club/contracts';
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
 * second copy of every text (the newsletters' pages alone are megabytes). This module writes the
 * index; searching it (who finds what, grouping, paging, snippets) is the search area's,
 * `features/search/service.ts` and `store.ts`, which read the shown results' text from `sourceOf`.
 */

/**
 * Who may find an entry; decided in SQL when searching, never after. `visitors` is for those
 * not logged in: the public text of a record whose members get a fuller `members` entry.
 */
type SearchAudience = 'public' | 'members' | 'visitors' | 'waiting';

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

export type SearchIndex = {
  /** Brings the index in line with these records of `kind`; call it in the write's transaction. */
  reindex(tx: DbOrTx, kind: SearchKind, recordIds: readonly number[]): void;
  /** Empties the index and fills it again from every source, in one transaction. */
  rebuild(): { entries: number };
  /** At a start: runs the rebuild a migration asked for (true when it ran). */
  rebuildIfWanted(): boolean;
  /** Indexes again the kinds whose text ships with the code: after a start, as a new version may have changed it. */
  reindexShipped(): void;
  /** The source of a kind: what a search reads its shown results' text from (features/search). */
  sourceOf(kind: SearchKind): SearchSource | undefined;
};

/** Marks around matched words in snippets; stripped from indexed text so no content can fake them. */
export const HIT_START = '\u0002';
export const HIT_END = '\u0003';
const MARKERS = new RegExp(`[${HIT_START}${HIT_END}]`, 'g');

/**
 * Porter stemming over unicode61 with diacritics folded: "restoring" finds "restored" and
 * "Müller" finds "Muller". The index's (migration 0019_search_contentless) and the snippets'.
 */
export const SEARCH_TOKENIZER = 'porter unicode61 remove_diacritics 2';

/** Text without the snippet marks: what the index and the snippets are given. */
export const clean = (text: string): string => text.replace(MARKERS, ' ');

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
export const keyOf = (recordId: number, part: number, audience: string) => `${recordId}:${part}:${audience}`;

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

export function createSearchIndex(db: Db, sources: readonly SearchSource[]): SearchIndex {
  const sourceOf = new Map(sources.map((source) => [source.kind, source]));
  const client = db.$client;

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

    sourceOf: (kind) => sourceOf.get(kind),
  };
  return index;
}
