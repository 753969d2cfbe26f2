import { sql } from 'drizzle-orm';

/** ISO-8601 UTC timestamp, as every `created`/`modified` column stores it. */
export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const emptyJsonArray = sql`'[]'`;
