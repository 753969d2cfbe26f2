import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { onlyRecords, type SearchSource } from '../../services/search-index.ts';

/** Each link of the Links page, public; its group's name is part of its text. */
export const linkSearch: SearchSource = {
  kind: 'link',
  entriesOf: (db, ids) =>
    db
      .all<{ id: number; url: string; label: string; groupName: string }>(
        sql`SELECT l.id, l.url, l.label, g.name AS groupName FROM links l JOIN link_groups g ON g.id = l.group_id WHERE l.id ${onlyRecords(ids)}`,
      )
      .map((row) => ({ recordId: row.id, ref: row.url, title: row.label, body: `${row.groupName} · ${row.url}`, audience: 'public' })),
};

/** Every link's id (links are only ever added, all at once). */
export function linkIds(db: DbOrTx): number[] {
  return db.all<{ id: number }>(sql`SELECT id FROM links`).map((row) => row.id);
}
