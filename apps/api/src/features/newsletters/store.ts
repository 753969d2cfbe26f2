import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { NewsletterTextStatus } from '@club/contracts';
import { newsletterPages, newsletters } from '../../db/schema/index.ts';

export type NewsletterKind = 'pdf' | 'image';

export type NewsletterRow = {
  id: number;
  fileName: string;
  year: number;
  month: number;
  isSpecial: boolean;
  kind: NewsletterKind;
  coverUrl: string;
  textStatus: NewsletterTextStatus;
};

const columns = {
  id: newsletters.id,
  fileName: newsletters.fileName,
  year: newsletters.year,
  month: newsletters.month,
  isSpecial: newsletters.isSpecial,
  kind: newsletters.kind,
  coverUrl: newsletters.coverUrl,
  textStatus: newsletters.textStatus,
};

/** Newest first; within a month the special edition (which comes out later) before the regular one. */
export function listNewsletters(db: DbOrTx): NewsletterRow[] {
  return db.select(columns).from(newsletters).orderBy(desc(newsletters.year), desc(newsletters.month), desc(newsletters.isSpecial), desc(newsletters.id)).all();
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

/** Replaces an edition's page texts (none for a scan or a picture) and records what was found. */
export function writeNewsletterText(db: DbOrTx, id: number, textStatus: NewsletterTextStatus, pages: readonly string[]): void {
  db.delete(newsletterPages).where(eq(newsletterPages.newsletterId, id)).run();
  pages.forEach((text, index) => {
    if (text.trim() !== '')
      db.insert(newsletterPages)
        .values({ newsletterId: id, page: index + 1, text })
        .run();
  });
  db.update(newsletters).set({ textStatus }).where(eq(newsletters.id, id)).run();
}

/** Editions whose text was never read (stored before the search): the oldest first. */
export function listUnreadNewsletters(db: DbOrTx): NewsletterRow[] {
  return db.select(columns).from(newsletters).where(eq(newsletters.textStatus, 'pending')).orderBy(newsletters.id).all();
}

/** Editions whose text could not be read are read again by the next `readPendingTexts`. */
export function markFailedTextsPending(db: DbOrTx): void {
  db.update(newsletters).set({ textStatus: 'pending' }).where(eq(newsletters.textStatus, 'failed')).run();
}
