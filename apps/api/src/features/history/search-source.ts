import { sql } from 'drizzle-orm';
import { onlyRecords, readableDay, type SearchSource } from '../../services/search-index.ts';

/** The history pages' records in the site search: all public. A name comes with its year, as one person may be president, or win the Shaft Award, more than once. */

export const presidentSearch: SearchSource = {
  kind: 'president',
  entriesOf: (db, ids) =>
    db
      .all<{ id: number; year: number; name: string }>(sql`SELECT id, year, name FROM presidents WHERE id ${onlyRecords(ids)}`)
      .map((row) => ({ recordId: row.id, title: `${row.name} (${row.year})`, body: `Club president ${row.year}`, audience: 'public' })),
};

export const shaftAwardSearch: SearchSource = {
  kind: 'shaftAward',
  entriesOf: (db, ids) =>
    db
      .all<{ id: number; year: number; name: string }>(sql`SELECT id, year, name FROM shaft_award_winners WHERE id ${onlyRecords(ids)}`)
      .map((row) => ({ recordId: row.id, title: `${row.name} (${row.year})`, body: `Shaft Award ${row.year}`, audience: 'public' })),
};

export const startupPartySearch: SearchSource = {
  kind: 'startupParty',
  entriesOf: (db, ids) =>
    db
      .all<{ id: number; name: string; owner: string; model: string; extra: string; dateStarted: string | null }>(
        sql`SELECT id, name, owner, model, extra, date_started AS dateStarted FROM startup_parties WHERE id ${onlyRecords(ids)}`,
      )
      .map((row) => ({
        recordId: row.id,
        title: row.name || row.model || 'Start-up party',
        body: [row.owner, row.model, row.extra, row.dateStarted ? `started ${readableDay(row.dateStarted)}` : ''].filter(Boolean).join(' · '),
        audience: 'public',
      })),
};

/** One entry per board year (its record id is the year). */
export const boardSearch: SearchSource = {
  kind: 'board',
  entriesOf: (db, years) => {
    const seats = db.all<{ year: number; post: string; memberName: string }>(
      sql`SELECT year, post, member_name AS memberName FROM board_seats WHERE year ${onlyRecords(years)} ORDER BY year, position`,
    );
    const byYear = new Map<number, string[]>();
    for (const seat of seats) byYear.set(seat.year, [...(byYear.get(seat.year) ?? []), `${seat.post}: ${seat.memberName}`]);
    return [...byYear].map(([year, lines]) => ({ recordId: year, title: `Board of ${year}`, body: lines.join(' · '), audience: 'public' }));
  },
};
