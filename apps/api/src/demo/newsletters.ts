import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newsletterTitle } from '@club/contracts/plain';
import type { NewsletterEdition } from '@club/contracts';
import type { Db } from '../db/client.ts';
import { newsletters } from '../db/schema/index.ts';
import { newsletterFilesDir } from '../features/newsletters/service.ts';
import { loadSharp } from '../services/images.ts';
import { createPdfCoverService } from '../services/pdf-covers.ts';
import type { DemoContext } from './context.ts';

const COVER_FOLDER = 'newsletter-covers';
/** Valley News comes out ten times a year: no issue in January or August. */
const ISSUE_MONTHS = [2, 3, 4, 5, 6, 7, 9, 10, 11, 12];
/** One special edition a year, after the summer national meet. */
const SPECIAL_MONTH = 7;

/** The last three years' editions up to last month, oldest first. */
export function demoEditions(today: Date): NewsletterEdition[] {
  const year = today.getFullYear();
  const editions: NewsletterEdition[] = [];
  for (let y = year - 2; y <= year; y += 1) {
    for (const month of ISSUE_MONTHS) {
      const isPublished = y < year || month <= today.getMonth();
      if (!isPublished) continue;
      editions.push({ year: y, month, isSpecial: false });
      if (month === SPECIAL_MONTH) editions.push({ year: y, month, isSpecial: true });
    }
  }
  return editions;
}

const coverFile = ({ year, month, isSpecial }: NewsletterEdition) => `demo-${year}-${String(month).padStart(2, '0')}${isSpecial ? '-special' : ''}.jpg`;

/**
 * Drawing thirty PDF pages takes a few seconds, and every demo start (each browser test file
 * starts one) would pay them again for the same bytes: covers are kept in the temp folder, keyed
 * by the PDF's hash, and drawn only when missing (all in one renderer process, see services/pdf-covers.ts).
 */
const COVER_CACHE = path.join(os.tmpdir(), 'club-demo-newsletter-covers');

const pdfCovers = createPdfCoverService();

/** Where a PDF's cover is cached. The renderer's name is part of the key, so a change of renderer draws the covers again. */
const cacheFileOf = (pdf: Buffer) => path.join(COVER_CACHE, `mupdf-${createHash('sha256').update(pdf).digest('hex')}.jpg`);

function readCached(pdf: Buffer): Buffer | undefined {
  try {
    return fs.readFileSync(cacheFileOf(pdf));
  } catch {
    return undefined;
  }
}

/** The covers of the PDFs, drawing those not cached in one renderer process. */
async function coversOf(pdfs: Buffer[]): Promise<Buffer[]> {
  const cached = pdfs.map(readCached);
  const missing = pdfs.filter((_, index) => !cached[index]);
  const drawn = missing.length > 0 ? await pdfCovers.renderFirstPages(missing) : [];
  const sharp = await loadSharp();
  let next = 0;
  return Promise.all(
    pdfs.map(async (pdf, index) => {
      const hit = cached[index];
      if (hit) return hit;
      const page = drawn[next++];
      if (!(page instanceof Buffer)) throw page ?? new Error('No cover was drawn for a demo newsletter.');
      const cover = await sharp(page)
        .flatten({ background: '#ffffff' })
        .resize({ width: 800, height: 800, fit: 'inside' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      try {
        fs.mkdirSync(COVER_CACHE, { recursive: true });
        // Written aside and renamed, so that two demos starting together never read half a file.
        const staged = `${cacheFileOf(pdf)}.${process.pid}`;
        fs.writeFileSync(staged, cover);
        fs.renameSync(staged, cacheFileOf(pdf));
      } catch {
        // No cache then; the cover itself is fine.
      }
      return cover;
    }),
  );
}

/**
 * Writes each edition's PDF (members only, under DATA_DIR) and its cover, drawn from the PDF's
 * first page by the same renderer that uploads use.
 */
export async function makeDemoNewsletters({ uploadsDir, dataDir }: DemoContext): Promise<void> {
  const filesDir = newsletterFilesDir(dataDir);
  const coversDir = path.join(uploadsDir, COVER_FOLDER);
  fs.mkdirSync(filesDir, { recursive: true });
  fs.mkdirSync(coversDir, { recursive: true });
  const editions = demoEditions(new Date());
  // PDFKit is loaded only when a demo site is filled, never by the real site.
  const { makeNewsletterPdf } = await import('./newsletter-pdf.ts');
  const pdfs = await Promise.all(editions.map((edition) => makeNewsletterPdf(edition)));
  const covers = await coversOf(pdfs);
  editions.forEach((edition, index) => {
    fs.writeFileSync(path.join(filesDir, `${newsletterTitle(edition)}.pdf`), pdfs[index] ?? Buffer.alloc(0));
    fs.writeFileSync(path.join(coversDir, coverFile(edition)), covers[index] ?? Buffer.alloc(0));
  });
}

export function seedDemoNewsletters(db: Db): void {
  for (const edition of demoEditions(new Date())) {
    db.insert(newsletters)
      .values({
        ...edition,
        fileName: `${newsletterTitle(edition)}.pdf`,
        kind: 'pdf',
        coverUrl: `/uploads/${COVER_FOLDER}/${coverFile(edition)}`,
      })
      .run();
  }
}
