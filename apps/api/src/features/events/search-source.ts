import { sql } from 'drizzle-orm';
import { onlyRecords, readableDay, type SearchSource } from '../../services/search-index.ts';

/**
 * Events are for members only, every word of them (title, venue, address and text). The title
 * says the day, as a repeated or yearly event shares its name with the others.
 */
export const eventSearch: SearchSource = {
  kind: 'event',
  entriesOf: (db, ids) =>
    db
      .all<{ id: number; title: string; start: string; venue: string; line1: string; line2: string; description: string }>(
        sql`SELECT id, title, start, venue, address_line1 AS line1, address_line2 AS line2, description FROM events WHERE id ${onlyRecords(ids)}`,
      )
      .map((row) => ({
        recordId: row.id,
        title: `${row.title} · ${readableDay(row.start, { withWeekday: true })}`,
        body: [row.venue, row.line1, row.line2, row.description].filter(Boolean).join(' · '),
        audience: 'members',
      })),
};
