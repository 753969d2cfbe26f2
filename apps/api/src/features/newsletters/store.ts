import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { newsletters } from '../../db/schema/index.ts';

export type NewsletterKind = 'pdf' | 'image';

export type NewsletterRow = {
  id: number;
  fileName: string;
  year: number;
  month: number;
  isSpecial: boolean;
  kind: NewsletterKind;
  coverUrl: string;
};

const columns = {
  id: newsletters.id,
  fileName: newsletters.fileName,
  year: newsletters.year,
  month: newsletters.month,
  isSpecial: newsletters.isSpecial,
  kind: newsletters.kind,
  coverUrl: newsletters.coverUrl,
};

/** Newest first; within a month the special edition (which comes out later) before the regular one. */
export function listNewsletters(db: DbOrTx): NewsletterRow[] {
  return db
    .select(columns)
    .from(newsletters)
    .orderBy(desc(newsletters.year), desc(newsletters.month), desc(newsletters.isSpecial), desc(newsletters.id))
    .all();
}

/** By the exact file name that `newsletters.get` lists. */
export function findNewsletterByFileName(db: DbOrTx, fileName: string): NewsletterRow | undefined {
  return db.select(columns).from(newsletters).where(eq(newsletters.fileName, fileName)).get();
}

export function findEdition(db: DbOrTx, year: number, month: number, isSpecial: boolean): NewsletterRow | undefined {
  return db
    .select(columns)
    .from(newsletters)
    .where(and(eq(newsletters.year, year), eq(newsletters.month, month), eq(newsletters.isSpecial, isSpecial)))
    .get();
}

export type NewsletterFields = Omit<NewsletterRow, 'id'>;

export function insertNewsletter(db: DbOrTx, fields: NewsletterFields): number {
  return db.insert(newsletters).values(fields).returning({ id: newsletters.id }).get().id;
}

/** Replaces an edition's file and cover in place (the same month, so the same row). */
export function updateNewsletter(db: DbOrTx, id: number, fields: NewsletterFields): boolean {
  return db.update(newsletters).set(fields).where(eq(newsletters.id, id)).run().changes > 0;
}

export function setNewsletterCover(db: DbOrTx, id: number, coverUrl: string): void {
  db.update(newsletters).set({ coverUrl }).where(eq(newsletters.id, id)).run();
}
