import { sql } from 'drizzle-orm';
import type { StoredBlogEntry } from '../../db/schema/index.ts';
import { onlyRecords, readableDay, type SearchSource } from '../../services/search-index.ts';

/** Photo posts are public: their title with their day (a yearly party's posts share a title), and the text between the pictures. */
export const photoSearch: SearchSource = {
  kind: 'photo',
  entriesOf: (db, ids) =>
    db
      .all<{ id: number; title: string; date: string; htmlData: string }>(
        sql`SELECT id, title, date, html_data AS htmlData FROM blog_posts WHERE id ${onlyRecords(ids)}`,
      )
      .map((row) => {
        const entries = JSON.parse(row.htmlData) as StoredBlogEntry[];
        const text = entries.flatMap((entry) => ('h' in entry ? [entry.h.replace(/<[^>]*>/g, ' ')] : []));
        return { recordId: row.id, title: `${row.title} · ${readableDay(row.date)}`, body: text.join(' · '), audience: 'public' };
      }),
};
