import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Idea, President, ShaftAwardWinner, StartupParty } from '@club/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { boardSeats, boardYears, ideas, presidents, shaftAwardWinners, startupParties } from '../../db/schema/index.ts';

/** Newest first: the page shows them in the order delivered. */
export function listPresidents(db: Db): President[] {
  return db
    .select({ id: presidents.id, year: presidents.year, name: presidents.name })
    .from(presidents)
    .orderBy(desc(presidents.year), desc(presidents.id))
    .all();
}

export type PresidentFields = { year: number; name: string };

export function insertPresident(db: DbOrTx, fields: PresidentFields): number {
  return db.insert(presidents).values(fields).returning({ id: presidents.id }).get().id;
}

/** False when there is no such president. */
export function updatePresident(db: DbOrTx, id: number, fields: PresidentFields): boolean {
  return db.update(presidents).set(fields).where(eq(presidents.id, id)).run().changes > 0;
}

export function listShaftAwardWinners(db: Db): ShaftAwardWinner[] {
  return db
    .select({
      id: shaftAwardWinners.id,
      year: shaftAwardWinners.year,
      name: shaftAwardWinners.name,
      imageUrl: shaftAwardWinners.imagePath,
    })
    .from(shaftAwardWinners)
    .orderBy(desc(shaftAwardWinners.year), desc(shaftAwardWinners.id))
    .all();
}

export function findShaftAwardWinner(db: Db, id: number): ShaftAwardWinner | undefined {
  return db
    .select({
      id: shaftAwardWinners.id,
      year: shaftAwardWinners.year,
      name: shaftAwardWinners.name,
      imageUrl: shaftAwardWinners.imagePath,
    })
    .from(shaftAwardWinners)
    .where(eq(shaftAwardWinners.id, id))
    .get();
}

export type ShaftAwardFields = { year: number; name: string; imageUrl: string };

export function insertShaftAwardWinner(db: DbOrTx, { year, name, imageUrl }: ShaftAwardFields): number {
  return db.insert(shaftAwardWinners).values({ year, name, imagePath: imageUrl }).returning({ id: shaftAwardWinners.id }).get().id;
}

export function updateShaftAwardWinner(db: DbOrTx, id: number, { year, name, imageUrl }: ShaftAwardFields): boolean {
  return db.update(shaftAwardWinners).set({ year, name, imagePath: imageUrl }).where(eq(shaftAwardWinners.id, id)).run().changes > 0;
}

/** In the order the parties happened, so their numbers stay put as new ones are added; undated ones last. */
export function listStartupParties(db: Db): StartupParty[] {
  return db
    .select({
      id: startupParties.id,
      name: startupParties.name,
      owner: startupParties.owner,
      model: startupParties.model,
      idleYears: startupParties.idleYears,
      dateStarted: startupParties.dateStarted,
      extra: startupParties.extra,
    })
    .from(startupParties)
    .orderBy(sql`${startupParties.dateStarted} IS NULL`, asc(startupParties.dateStarted), asc(startupParties.id))
    .all();
}

export type StartupPartyFields = Omit<StartupParty, 'id'>;

export function insertStartupParty(db: DbOrTx, fields: StartupPartyFields): number {
  return db.insert(startupParties).values(fields).returning({ id: startupParties.id }).get().id;
}

export function updateStartupParty(db: DbOrTx, id: number, fields: StartupPartyFields): boolean {
  return db.update(startupParties).set(fields).where(eq(startupParties.id, id)).run().changes > 0;
}

export type BoardSeat = { post: string; member: string };
export type BoardYear = { year: number; imageUrl: string; seats: BoardSeat[] };

/** Every board year, newest first, with its seats in the order they were entered. */
export function listBoardYears(db: Db): BoardYear[] {
  const years = db.select().from(boardYears).orderBy(desc(boardYears.year)).all();
  const seats = db.select().from(boardSeats).orderBy(asc(boardSeats.year), asc(boardSeats.position)).all();
  return years.map(({ year, imagePath }) => ({
    year,
    imageUrl: imagePath,
    seats: seats.filter((seat) => seat.year === year).map((seat) => ({ post: seat.post, member: seat.memberName })),
  }));
}

export function findBoardImage(db: Db, year: number): string | undefined {
  return db.select({ imagePath: boardYears.imagePath }).from(boardYears).where(eq(boardYears.year, year)).get()?.imagePath;
}

/** Replaces a year's seats (and its image when one is given); run it in the caller's transaction. */
export function replaceBoardYear(tx: DbOrTx, year: number, seats: BoardSeat[], imageUrl: string | undefined): void {
  tx.insert(boardYears)
    .values({ year, imagePath: imageUrl ?? '' })
    .onConflictDoUpdate({ target: boardYears.year, set: imageUrl === undefined ? { year } : { imagePath: imageUrl } })
    .run();
  tx.delete(boardSeats).where(eq(boardSeats.year, year)).run();
  seats.forEach((seat, position) => {
    tx.insert(boardSeats).values({ year, position, post: seat.post, memberName: seat.member }).run();
  });
}

const IDEA_ROW = 1;

export function readIdea(db: Db): Idea {
  const row = db.select({ title: ideas.title, content: ideas.content, author: ideas.author }).from(ideas).where(eq(ideas.id, IDEA_ROW)).get();
  return row ?? { title: '', content: '', author: '' };
}

export function writeIdea(db: Db, idea: Idea): void {
  db.insert(ideas)
    .values({ id: IDEA_ROW, ...idea })
    .onConflictDoUpdate({ target: ideas.id, set: idea })
    .run();
}
