import type { SearchKind } from '@club/contracts';
import Database from 'better-sqlite3';
import type { Db } from '../../db/client.ts';
import { clean, HIT_END, HIT_START, keyOf, SEARCH_TOKENIZER, type SearchIndex } from '../../services/search-index.ts';

/** Words in one snippet. */
const SNIPPET_TOKENS = 24;

export type HitRow = { id: number; kind: SearchKind; total: number; best: number; recordId: number; part: number; ref: string; audience: string };
type ShownText = { id: number; title: string; body: string };
type SnippetRow = { id: number; snippet: string };

type HitQuery = { match: string; memberId?: number; isModerator: boolean; kind?: SearchKind; skip: number; size: number };

export type SearchStore = {
  /** The counts and the shown page of each kind, for what the viewer may find. */
  findHits(query: HitQuery): HitRow[];
  /** The shown results' title and text, read from their sources (the index keeps only words). */
  textsOf(hits: readonly HitRow[]): ShownText[];
  /** Each text's snippet, its matched words between HIT_START and HIT_END. */
  cutSnippets(texts: readonly ShownText[], match: string): Map<number, string>;
};

/**
 * Cuts snippets with FTS5's own snippet(): the shown results' texts go into an in-memory table
 * with the index's tokenizer and are matched with the same query. A connection of its own, so
 * the database's change count (the reply cache's stamp) never moves for a read.
 */
function createSnippetCutter() {
  let cutter: { memory: Database.Database; insert: Database.Statement; select: Database.Statement } | undefined;
  return (texts: readonly ShownText[], match: string): Map<number, string> => {
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

/** The queries on the search index (written by `services/search-index.ts`). */
export function createSearchStore(db: Db, index: Pick<SearchIndex, 'sourceOf'>): SearchStore {
  // The counts and the shown page of each kind in one statement; the audience test is the
  // visibility rule. Every hit is scored (bm25) and counted, but only the ids, kinds and scores
  // are sorted, and only the shown rows are joined to what their links need.
  const findHits = db.$client.prepare<Record<string, unknown>, HitRow>(`
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

  return {
    findHits: ({ match, memberId, isModerator, kind, skip, size }) =>
      findHits.all({
        match,
        isMember: memberId === undefined ? 0 : 1,
        isModerator: isModerator ? 1 : 0,
        memberId: memberId ?? null,
        kind: kind ?? null,
        skip,
        size,
      }),

    textsOf(hits) {
      const texts: ShownText[] = [];
      for (const kind of new Set(hits.map((hit) => hit.kind))) {
        const ofKind = hits.filter((hit) => hit.kind === kind);
        const source = index.sourceOf(kind);
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
    },

    cutSnippets: createSnippetCutter(),
  };
}
