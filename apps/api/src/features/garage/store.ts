import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CarCount, CarVisibility, Ownership } from '@club/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { shownNameSql } from '../../db/member-name.ts';
import { bodyStyles, carOwners, cars, members } from '../../db/schema/index.ts';

/** A car as stored, with its owner's shown name (null once the owner was deleted). */
export type CarRecord = {
  id: number;
  ownerId: number | null;
  ownerName: string | null;
  year: number | null;
  bodyStyle: string;
  colour: string;
  name: string;
  story: string;
  engineNumber: string;
  serial: string;
  visibility: CarVisibility;
  photos: string[];
  /** The member's own line for the car from the legacy `cars` list, or blank (schema/garage.ts). */
  legacyLine: string;
};

/** What an editor sets on a car (the legacy line is kept while year, style and name stay the same). */
export type CarFields = Omit<CarRecord, 'id' | 'ownerName' | 'legacyLine'>;

export type CarFilters = { year?: number; bodyStyle: string; colour: string; hasPhotos: boolean };

const columns = {
  id: cars.id,
  ownerId: cars.ownerId,
  ownerName: sql<string | null>`case when ${members.id} is null then null else ${shownNameSql} end`,
  year: cars.year,
  bodyStyle: cars.bodyStyle,
  colour: cars.colour,
  name: cars.name,
  story: cars.story,
  engineNumber: cars.engineNumber,
  serial: cars.serial,
  visibility: cars.visibility,
  photos: cars.photos,
  legacyLine: cars.legacyLine,
};

/** The rows a viewer may see: visitors only the public ones. */
const visibleTo = (isMember: boolean): SQL | undefined => (isMember ? undefined : inArray(cars.visibility, ['public', 'public-named']));

function filtersOf(isMember: boolean, { year, bodyStyle, colour, hasPhotos }: CarFilters): SQL | undefined {
  return and(
    visibleTo(isMember),
    year === undefined ? undefined : eq(cars.year, year),
    bodyStyle ? sql`${cars.bodyStyle} = ${bodyStyle} collate nocase` : undefined,
    // "green" finds "Brewster Green" and "Green/black".
    colour ? sql`instr(lower(${cars.colour}), lower(${colour})) > 0` : undefined,
    hasPhotos ? sql`${cars.photos} <> '[]'` : undefined,
  );
}

export function findCar(db: DbOrTx, id: number): CarRecord | undefined {
  return db.select(columns).from(cars).leftJoin(members, eq(members.id, cars.ownerId)).where(eq(cars.id, id)).get();
}

/** A page of the cars a viewer may see, the newest entries first, and how many match. */
export function listCarPage(db: DbOrTx, isMember: boolean, filters: CarFilters, page: number, pageSize: number): { cars: CarRecord[]; total: number } {
  const where = filtersOf(isMember, filters);
  const rows = db
    .select(columns)
    .from(cars)
    .leftJoin(members, eq(members.id, cars.ownerId))
    .where(where)
    .orderBy(desc(cars.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const total = db.select({ n: count() }).from(cars).where(where).get()?.n ?? 0;
  return { cars: rows, total };
}

export function listCarsOfOwner(db: DbOrTx, ownerId: number): CarRecord[] {
  return db.select(columns).from(cars).leftJoin(members, eq(members.id, cars.ownerId)).where(eq(cars.ownerId, ownerId)).orderBy(asc(cars.id)).all();
}

/** Every car, oldest entry first (the CSV export). */
export function listAllCars(db: DbOrTx): CarRecord[] {
  return db.select(columns).from(cars).leftJoin(members, eq(members.id, cars.ownerId)).orderBy(asc(cars.id)).all();
}

/** The cars of every member who has some, as the member list's legacy strings need them. */
export function listOwnedCarLines(db: DbOrTx): { id: number; ownerId: number; year: number | null; bodyStyle: string; name: string; legacyLine: string }[] {
  return db
    .select({ id: cars.id, ownerId: sql<number>`${cars.ownerId}`, year: cars.year, bodyStyle: cars.bodyStyle, name: cars.name, legacyLine: cars.legacyLine })
    .from(cars)
    .where(sql`${cars.ownerId} is not null`)
    .orderBy(asc(cars.ownerId), asc(cars.id))
    .all();
}

/** Counts by year and by body style of the cars a viewer may see. */
export function countCars(db: DbOrTx, isMember: boolean): { total: number; byYear: CarCount[]; byBodyStyle: CarCount[] } {
  const where = visibleTo(isMember);
  const byYear = db
    .select({ year: cars.year, count: count() })
    .from(cars)
    .where(where)
    .groupBy(cars.year)
    .orderBy(asc(cars.year))
    .all()
    .map((row) => ({ label: row.year === null ? 'Year unknown' : String(row.year), count: row.count }));
  const byBodyStyle = db
    .select({ style: cars.bodyStyle, count: count() })
    .from(cars)
    .where(where)
    .groupBy(cars.bodyStyle)
    .orderBy(desc(count()), asc(cars.bodyStyle))
    .all()
    .map((row) => ({ label: row.style || 'Style unknown', count: row.count }));
  const total = byYear.reduce((sum, row) => sum + row.count, 0);
  return { total, byYear, byBodyStyle };
}

export function listHistory(db: DbOrTx, carId: number): Ownership[] {
  return db
    .select({ owner: carOwners.owner, from: carOwners.fromYear, to: carOwners.toYear })
    .from(carOwners)
    .where(eq(carOwners.carId, carId))
    .orderBy(asc(carOwners.position))
    .all();
}

export function replaceHistory(tx: DbOrTx, carId: number, history: Ownership[]): void {
  tx.delete(carOwners).where(eq(carOwners.carId, carId)).run();
  history.forEach((row, position) => {
    tx.insert(carOwners).values({ carId, position, owner: row.owner, fromYear: row.from, toYear: row.to }).run();
  });
}

/** Adds a car; `legacyLine` is the member's line it was read from (a legacy `member.save`). */
export function insertCar(tx: DbOrTx, fields: CarFields, legacyLine = ''): number {
  return tx
    .insert(cars)
    .values({ ...fields, legacyLine })
    .returning({ id: cars.id })
    .get().id;
}

/**
 * Saves a car. Its legacy line becomes `legacyLine` when given (the line the fields were read
 * from); otherwise it stays while year, body style and name stay the same, and is cleared when
 * an edit changes one of them (members.get then says the fields).
 */
export function updateCar(tx: DbOrTx, id: number, fields: CarFields, legacyLine?: string): boolean {
  const line =
    legacyLine ??
    sql`case when ${cars.year} is ${fields.year} and ${cars.bodyStyle} = ${fields.bodyStyle} and ${cars.name} = ${fields.name} then ${cars.legacyLine} else '' end`;
  return (
    tx
      .update(cars)
      .set({ ...fields, legacyLine: line, modified: new Date().toISOString() })
      .where(eq(cars.id, id))
      .run().changes > 0
  );
}

export function deleteCar(tx: DbOrTx, id: number): boolean {
  return tx.delete(cars).where(eq(cars.id, id)).run().changes > 0;
}

export function listBodyStyles(db: DbOrTx): string[] {
  return db
    .select({ name: bodyStyles.name })
    .from(bodyStyles)
    .orderBy(asc(bodyStyles.position), asc(bodyStyles.name))
    .all()
    .map((row) => row.name);
}

export function insertBodyStyle(tx: DbOrTx, name: string): void {
  const last =
    tx
      .select({ max: sql<number | null>`max(${bodyStyles.position})` })
      .from(bodyStyles)
      .get()?.max ?? 0;
  tx.insert(bodyStyles)
    .values({ name, position: last + 1 })
    .run();
}

/** The names a member goes by in a car's history: the shown name and the first and last name (none when the member is missing). */
export function findMemberNameForms(db: DbOrTx, memberId: number): string[] {
  const row = db
    .select({ shown: shownNameSql, full: sql<string>`trim(${members.firstName} || ' ' || ${members.lastName})` })
    .from(members)
    .where(eq(members.id, memberId))
    .get();
  return row ? [...new Set([row.shown, row.full].filter((name) => name.trim() !== ''))] : [];
}

/** Writes `replacement` over every earlier owner named one of `names` (ignoring case and spaces around); returns the cars changed. */
export function replaceHistoryOwner(tx: DbOrTx, names: string[], replacement: string): number[] {
  if (names.length === 0) return [];
  const named = inArray(
    sql`lower(trim(${carOwners.owner}))`,
    names.map((name) => name.trim().toLowerCase()),
  );
  const carIds = [
    ...new Set(
      tx
        .select({ carId: carOwners.carId })
        .from(carOwners)
        .where(named)
        .all()
        .map((row) => row.carId),
    ),
  ];
  if (carIds.length > 0) tx.update(carOwners).set({ owner: replacement }).where(named).run();
  return carIds;
}

/** Whether the member exists, and their shown name. */
export function findMemberName(db: DbOrTx, memberId: number): string | undefined {
  return db.select({ name: shownNameSql }).from(members).where(eq(members.id, memberId)).get()?.name;
}

/** The ids of the cars anyone may see, oldest first. */
export function listPublicCarIds(db: DbOrTx): number[] {
  return db
    .select({ id: cars.id })
    .from(cars)
    .where(visibleTo(false))
    .orderBy(asc(cars.id))
    .all()
    .map((row) => row.id);
}
