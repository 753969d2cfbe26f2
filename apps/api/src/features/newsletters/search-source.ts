import { newsletterTitle } from '@club/contracts/plain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { onlyRecords, type SearchEntry, type SearchPiece, type SearchSource } from '../../services/search-index.ts';

/**
 * Valley News is for members: one entry per page of text read at upload (the link opens the
 * viewer at that page), and one for the edition itself, so a scan without text is still found
 * by its name.
 */
export const newsletterSearch: SearchSource = {
  kind: 'newsletter',
  entriesOf: (db, ids) =>
    entriesFrom(
      db,
      ids,
      sql`SELECT newsletter_id AS id, page, text FROM newsletter_pages WHERE newsletter_id ${onlyRecords(ids)} ORDER BY newsletter_id, page`,
    ),
  // A result is one page: read that page, not the other eleven of its edition.
  entriesAt: (db, pieces) =>
    entriesFrom(
      db,
      [...new Set(pieces.map((piece) => piece.recordId))],
      sql`SELECT newsletter_id AS id, page, text FROM newsletter_pages
          WHERE (newsletter_id, page) IN (SELECT value ->> 0, value ->> 1 FROM json_each(${JSON.stringify(pieces.map(pairOf))}))`,
    ),
};

const pairOf = (piece: SearchPiece) => [piece.recordId, piece.part];

function entriesFrom(db: DbOrTx, ids: readonly number[] | undefined, pagesQuery: SQL): SearchEntry[] {
  const editions = db.all<{ id: number; fileName: string; year: number; month: number; isSpecial: number }>(
    sql`SELECT id, file_name AS fileName, year, month, is_special AS isSpecial FROM newsletters WHERE id ${onlyRecords(ids)}`,
  );
  const pages = db.all<{ id: number; page: number; text: string }>(pagesQuery);
  const byId = new Map(editions.map((row) => [row.id, { ...row, title: newsletterTitle({ ...row, isSpecial: Boolean(row.isSpecial) }) }]));
  return [
    ...[...byId.values()].map((row) => ({ recordId: row.id, ref: row.fileName, title: row.title, body: '', audience: 'members' as const })),
    ...pages.flatMap((page) => {
      const edition = byId.get(page.id);
      return edition
        ? [
            {
              recordId: page.id,
              part: page.page,
              ref: edition.fileName,
              title: `${edition.title}, page ${page.page}`,
              body: page.text,
              audience: 'members' as const,
            },
          ]
        : [];
    }),
  ];
}
