import { Column, is, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** What a flat Drizzle select was given: columns and SQL expressions by name. */
type Selection = Record<string, Column | SQL>;

/** Drizzle keeps an expression's decoder (`mapWith`) on the SQL object without typing it. */
type DecodedSql = SQL & { decoder: { mapFromDriverValue: (value: unknown) => unknown } };

const decoderOf = (field: Column | SQL): ((value: unknown) => unknown) =>
  is(field, Column) ? (value) => field.mapFromDriverValue(value) : (value) => (field as DecodedSql).decoder.mapFromDriverValue(value);

/**
 * The rows of a flat Drizzle select one at a time (better-sqlite3's `iterate`), decoded as its
 * `.all()` would (JSON columns parsed, 1/0 flags as booleans), for lists too large to hold as one
 * array. `fields` is the object the select was given. While the loop runs the connection may read
 * but not write, so it must run to its end synchronously (no await inside).
 */
export function* iterateRows<Row>(db: Db, query: { toSQL(): { sql: string; params: unknown[] }; all(): Row[] }, fields: Selection): Generator<Row> {
  const { sql, params } = query.toSQL();
  const decoders = Object.entries(fields).map(([key, field]) => [key, decoderOf(field)] as const);
  for (const values of db.$client
    .prepare(sql)
    .raw(true)
    .iterate(...params) as IterableIterator<unknown[]>) {
    const row: Record<string, unknown> = {};
    decoders.forEach(([key, decode], i) => {
      const value = values[i];
      row[key] = value === null || value === undefined ? null : decode(value);
    });
    yield row as Row;
  }
}
