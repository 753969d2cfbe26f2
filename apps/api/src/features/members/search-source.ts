import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { shownNameSql } from '../../db/member-name.ts';
import { onlyRecords, type SearchSource } from '../../services/search-index.ts';

/** Between the parts of an entry's text; a parameter in the SQL, so that the server's bundle stays ASCII (build.mjs). */
const SEPARATOR = ' · ';

/** Members are found by members only: their names, city and cars (from the registry). */
export const memberSearch: SearchSource = {
  kind: 'member',
  entriesOf: (db, ids) =>
    db
      .all<{ id: number; shown: string; firstName: string; lastName: string; city: string; state: string; cars: string | null }>(
        sql`SELECT members.id, ${shownNameSql} AS shown, first_name AS firstName, last_name AS lastName, city, state,
              (SELECT group_concat(trim(coalesce(c.year, '') || ' ' || c.colour || ' ' || c.body_style || ' ' || c.name), ${SEPARATOR})
                 FROM cars c WHERE c.owner_id = members.id) AS cars
            FROM members WHERE members.id ${onlyRecords(ids)}`,
      )
      .map((row) => ({
        recordId: row.id,
        ref: row.shown,
        title: row.shown,
        body: [`${row.firstName} ${row.lastName}`, [row.city, row.state].filter(Boolean).join(', '), row.cars ?? ''].filter(Boolean).join(SEPARATOR),
        audience: 'members',
      })),
};

/**
 * What else the index holds about a member, read before a write changes it: their cars (their
 * name is in each), and for an erasure their forum threads and posts (and the posts in those threads).
 */
export function recordsOfMember(db: DbOrTx, memberId: number): { cars: number[]; threads: number[]; posts: number[] } {
  const ids = (query: SQL) => db.all<{ id: number }>(query).map((row) => row.id);
  return {
    cars: ids(sql`SELECT id FROM cars WHERE owner_id = ${memberId}`),
    threads: ids(sql`SELECT id FROM forum_threads WHERE author_id = ${memberId}`),
    posts: ids(sql`SELECT id FROM forum_posts WHERE author_id = ${memberId} OR thread_id IN (SELECT id FROM forum_threads WHERE author_id = ${memberId})`),
  };
}
