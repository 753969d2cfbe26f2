import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { newsletterLabel, newsletterTitle } from '@club/contracts/plain';
import type { Newsletter, NewsletterEdition, NewsletterTextStatus } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { ApiError, badRequest, notFound, notLoggedIn, wrongFileType } from '../../errors.ts';
import { sniffFileType, typeNamed, type SniffedType } from '../../lib/file-type.ts';
import { CoverNotDrawnError, UnreadablePdfError } from '../../services/pdf-covers.ts';
import {
  findEdition,
  findNewsletterByFileName,
  insertNewsletter,
  listNewsletters,
  listUnreadNewsletters,
  markFailedTextsPending,
  setNewsletterCover,
  updateNewsletter,
  writeNewsletterText,
  type NewsletterKind,
  type NewsletterRow,
} from './store.ts';

/** Covers are public uploads; the editions themselves live outside uploads (members only). */
const COVER_FOLDER = 'newsletter-covers';
const COVER_MAX_PX = 800;
/** An edition sent as a picture is kept as a JPEG at most this big. */
const IMAGE_EDITION_MAX_PX = 3000;
/** How long a member's link to an edition's file stays valid. */
export const LINK_LIFETIME_MS = 30 * 60 * 1000;
/** Where the signed links point; the file route answers there. */
export const NEWSLETTER_FILE_PATH = '/api/newsletter-file';

/** The members-only folder of edition files (PDFs and picture editions), inside DATA_DIR. */
export function newsletterFilesDir(dataDir: string): string {
  return path.join(dataDir, 'newsletters');
}

/**
 * A name as `newsletters.get` lists it: one plain file name, never a path. Anything with a
 * separator, a `..`, a drive letter or a control character is refused before any lookup.
 */
function isPlainFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 200 &&
    !/[/\\:]/.test(name) &&
    ![...name].some((ch) => ch.charCodeAt(0) < 0x20) &&
    !name.includes('..') &&
    name === path.basename(name) &&
    !path.isAbsolute(name)
  );
}

type Detected = 'pdf' | 'image';

/**
 * What the file is by its first bytes, refusing a name that claims another type (a PNG named
 * .pdf). A picture is only read further by the image pipeline, which refuses a damaged one (415)
 * or one with too many pixels (413).
 */
const PICTURE_TYPES: readonly SniffedType[] = ['jpeg', 'png', 'webp', 'gif'];

function detectEdition(file: Buffer, originalName: string): Detected {
  const named = typeNamed(originalName);
  const sniffed = sniffFileType(file);
  const isPdf = sniffed === 'pdf';
  const isImage = PICTURE_TYPES.includes(sniffed);
  if (!isPdf && !isImage) throw wrongFileType('Please choose the newsletter as a PDF, or as a picture (JPEG, PNG, WebP or GIF).');
  if (named?.type === 'pdf' && !isPdf) {
    throw wrongFileType(`“${originalName}” is named .pdf but is not a PDF. Please choose the newsletter’s real PDF file.`);
  }
  if (named !== undefined && PICTURE_TYPES.includes(named.type) && !isImage) {
    throw wrongFileType(`“${originalName}” is named .${named.extension} but is not that kind of picture. Please choose the real file.`);
  }
  return isPdf ? 'pdf' : 'image';
}

function toNewsletter(row: NewsletterRow): Newsletter {
  const edition = { year: row.year, month: row.month, isSpecial: row.isSpecial };
  return {
    id: row.id,
    fileName: row.fileName,
    title: newsletterTitle(edition),
    label: newsletterLabel(edition),
    isSpecial: row.isSpecial,
    year: row.year,
    month: row.month,
    date: `${row.year}-${String(row.month).padStart(2, '0')}-01`,
    kind: row.kind,
    coverUrl: row.coverUrl,
    textStatus: row.textStatus,
  };
}

type NewsletterUpload = NewsletterEdition & {
  /** Undefined when the form sent no file. */
  file: Buffer | undefined;
  /** The name the file had on the editor's computer; only its extension is looked at. */
  originalName: string;
  /** The editor confirmed replacing the edition already stored for that month. */
  replace: boolean;
};

type NewsletterLink = { url: string; downloadUrl: string; newsletter: Newsletter };

/** A checked request for an edition's file: where it is and how to send it. */
type NewsletterFile = { path: string; contentType: string; fileName: string };

/** What a save tells the editor: the stored name, and why the cover is plain when it could not be drawn. */
type SavedNewsletter = { fileName: string; coverWarning?: string };

/** What the search gets of an edition's words. */
type EditionText = { status: NewsletterTextStatus; pages: string[] };

/** `text` when any page has words, `none` for a scan, `failed` when reading passed a limit. */
function textOf(pages: string[] | Error): EditionText {
  if (pages instanceof Error) return { status: 'failed', pages: [] };
  return { status: pages.some((page) => page.trim() !== '') ? 'text' : 'none', pages };
}

/** The sentence for the editor when the search can find the edition by its name only. */
function textWarning(text: EditionText, kind: NewsletterKind): string | undefined {
  if (text.status === 'none' && kind === 'pdf') {
    return 'This PDF has no text in it (a scan?), so the site search finds it by its name only: the archive marks it "no text". A PDF saved with text recognition (OCR) would be searchable.';
  }
  if (text.status === 'failed') return 'Its text could not be read within the limits, so the site search finds it by its name only.';
  return undefined;
}

type CoverReport = { made: string[]; failed: { fileName: string; reason: string }[] };

export type NewslettersService = {
  list(): Newsletter[];
  /**
   * Stores an edition under its canonical name with its cover. A PDF too costly to draw is
   * stored with a plain cover ('' as its URL), and the answer says so.
   */
  save(upload: NewsletterUpload): Promise<SavedNewsletter>;
  /** A member's short-lived link to one edition's file. */
  link(fileName: string, now?: number): NewsletterLink;
  /** Checks a signed request; throws 400/401/403/404 unless it is valid and the file exists. */
  openFile(fileName: string, expires: unknown, signature: unknown, now?: number): NewsletterFile;
  /** Renders every PDF edition's cover again (the one-off command for files stored before covers). */
  remakeCovers(): Promise<CoverReport>;
  /**
   * Reads the text of the editions stored before the search (status `pending`), a few at a time
   * in the renderer's child process, into the search index; returns how many were read.
   */
  readPendingTexts(options?: { retryFailed?: boolean }): Promise<number>;
};

/** Editions read per renderer process by readPendingTexts. */
const TEXT_BATCH = 12;

export function createNewslettersService({ db, services, config }: Pick<AppDeps, 'db' | 'services' | 'config'>): NewslettersService {
  const filesDir = newsletterFilesDir(config.dataDir);
  // Links only need to outlive a reading session; a restart simply asks the viewer for a new one.
  const signingKey = randomBytes(32);

  const sign = (fileName: string, expires: number) => createHmac('sha256', signingKey).update(`${fileName}\n${expires}`).digest('base64url');

  /** The edition file's place on disk, checked to be inside the folder. */
  const fileOf = (fileName: string): string => {
    const file = path.resolve(filesDir, fileName);
    if (!isPlainFileName(fileName) || path.dirname(file) !== path.resolve(filesDir)) throw badRequest('That is not the name of a newsletter.');
    return file;
  };

  /** The picture the cover is made from: the PDF's first page drawn (a PNG), or the picture edition itself. */
  const coverSource = async (kind: NewsletterKind, file: Buffer): Promise<Buffer> => {
    if (kind === 'image') return file;
    try {
      return await services.pdfCovers.renderFirstPage(file);
    } catch (error) {
      if (error instanceof UnreadablePdfError) throw wrongFileType(error.message);
      throw error;
    }
  };

  /** The cover, or none (and the sentence for the editor) when the PDF is too costly to draw. */
  const coverOrWarning = (outcome: Buffer | Error): { cover?: Buffer; coverWarning?: string } => {
    if (outcome instanceof Buffer) return { cover: outcome };
    if (outcome instanceof UnreadablePdfError) throw wrongFileType(outcome.message);
    if (!(outcome instanceof CoverNotDrawnError)) throw outcome;
    return {
      coverWarning: `The newsletter was saved, but its cover could not be drawn (${outcome.message}), so the archive shows a plain cover. Saving the PDF again from the program that made it may help.`,
    };
  };

  /** A PDF's cover and page texts read at upload; a picture edition is its own cover and has no text. */
  const readUpload = async (kind: NewsletterKind, file: Buffer): Promise<{ cover: Buffer | Error; text: EditionText }> => {
    if (kind === 'image') return { cover: file, text: { status: 'none', pages: [] } };
    const { cover, pages } = await services.pdfCovers.readUpload(file);
    return { cover, text: textOf(pages) };
  };

  return {
    list: () => listNewsletters(db).map(toNewsletter),

    async save({ file, originalName, year, month, isSpecial, replace }) {
      const edition = { year, month, isSpecial };
      const title = newsletterTitle(edition);
      const askFirst = () => new ApiError(409, `${title} is already in the archive. Choose to replace it if this file should take its place.`);
      if (!file || file.length === 0) throw badRequest('Please choose the newsletter file: a PDF, or a picture of it.');
      if (!replace && findEdition(db, year, month, isSpecial)) throw askFirst();

      const kind = detectEdition(file, originalName);
      // A picture edition goes through the one image pipeline: pixel limit, orientation applied,
      // metadata (GPS too) dropped.
      const stored = kind === 'pdf' ? file : await services.images.encodeJpeg(file, { maxSize: IMAGE_EDITION_MAX_PX, acceptAnyImage: true, quality: 88 });
      const fileName = `${title}.${kind === 'pdf' ? 'pdf' : 'jpg'}`;
      const read = await readUpload(kind, stored);
      const { cover, coverWarning } = coverOrWarning(read.cover);
      const warning = [coverWarning, textWarning(read.text, kind)].filter(Boolean).join(' ');

      fs.mkdirSync(filesDir, { recursive: true });
      const target = fileOf(fileName);
      const staged = path.join(filesDir, `.upload-${randomUUID()}`);
      fs.writeFileSync(staged, stored);
      try {
        let replacedFile: string | undefined;
        await services.images.saveWithUploads(
          [cover && { buffer: cover, options: { folder: COVER_FOLDER, maxSize: COVER_MAX_PX, acceptAnyImage: true } }],
          ([coverUrl = '']) => {
            const existing = db.transaction((tx) => {
              const current = findEdition(tx, year, month, isSpecial);
              if (current && !replace) throw askFirst();
              const fields = { fileName, year, month, isSpecial, kind, coverUrl, textStatus: read.text.status };
              const id = current ? current.id : insertNewsletter(tx, fields);
              if (current) updateNewsletter(tx, current.id, fields);
              writeNewsletterText(tx, id, read.text.status, read.text.pages);
              services.search.reindex(tx, 'newsletter', [id]);
              // Last, so that a failed move rolls the row back; the rename replaces an older file at once.
              fs.renameSync(staged, target);
              return current;
            });
            replacedFile = existing && existing.fileName !== fileName ? existing.fileName : undefined;
            return { result: undefined, dropped: [existing?.coverUrl] };
          },
        );
        if (replacedFile) fs.rmSync(fileOf(replacedFile), { force: true });
      } finally {
        fs.rmSync(staged, { force: true });
      }
      return warning === '' ? { fileName } : { fileName, coverWarning: warning };
    },

    link(fileName, now = Date.now()) {
      if (!isPlainFileName(fileName)) throw badRequest('That is not the name of a newsletter.');
      const row = findNewsletterByFileName(db, fileName);
      if (!row) throw notFound('That newsletter');
      const expires = now + LINK_LIFETIME_MS;
      const url = `${NEWSLETTER_FILE_PATH}/${encodeURIComponent(row.fileName)}?expires=${expires}&signature=${sign(row.fileName, expires)}`;
      return { url, downloadUrl: `${url}&download=1`, newsletter: toNewsletter(row) };
    },

    openFile(fileName, expires, signature, now = Date.now()) {
      if (typeof expires !== 'string' || typeof signature !== 'string' || expires === '' || signature === '') {
        throw notLoggedIn('Please log in and open the newsletter from the Valley News page.');
      }
      if (!isPlainFileName(fileName)) throw badRequest('That is not the name of a newsletter.');
      const expected = Buffer.from(sign(fileName, Number(expires)));
      const given = Buffer.from(signature);
      if (!/^\d+$/.test(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new ApiError(403, 'This newsletter link is not valid. Please open the newsletter again from the Valley News page.');
      }
      if (Number(expires) < now) {
        throw new ApiError(403, 'This newsletter link has expired. Please open the newsletter again from the Valley News page.');
      }
      const row = findNewsletterByFileName(db, fileName);
      const file = row && fileOf(row.fileName);
      if (!row || !file || !fs.existsSync(file)) throw notFound('That newsletter');
      return { path: file, contentType: row.kind === 'pdf' ? 'application/pdf' : 'image/jpeg', fileName: row.fileName };
    },

    async readPendingTexts({ retryFailed = false } = {}) {
      if (retryFailed) markFailedTextsPending(db);
      let done = 0;
      for (;;) {
        const batch = listUnreadNewsletters(db).slice(0, TEXT_BATCH);
        if (batch.length === 0) return done;
        const files = batch.map((row): Buffer | undefined => {
          const file = fileOf(row.fileName);
          return row.kind === 'pdf' && fs.existsSync(file) ? fs.readFileSync(file) : undefined;
        });
        const pdfs = files.filter((file) => file !== undefined);
        const read = await services.pdfCovers.readPageTexts(pdfs);
        let next = 0;
        db.transaction((tx) => {
          batch.forEach((row, index) => {
            // A picture edition, or a PDF whose file is missing, is found by its name only.
            const text: EditionText =
              files[index] === undefined ? { status: row.kind === 'pdf' ? 'failed' : 'none', pages: [] } : textOf(read[next++] ?? new Error('no answer'));
            writeNewsletterText(tx, row.id, text.status, text.pages);
            services.search.reindex(tx, 'newsletter', [row.id]);
          });
        });
        done += batch.length;
      }
    },

    async remakeCovers() {
      const report: CoverReport = { made: [], failed: [] };
      for (const row of listNewsletters(db)) {
        try {
          const file = fileOf(row.fileName);
          if (!fs.existsSync(file)) throw new Error(`the file is missing from ${filesDir}`);
          const cover = await coverSource(row.kind, fs.readFileSync(file));
          await services.images.saveWithUploads(
            [{ buffer: cover, options: { folder: COVER_FOLDER, maxSize: COVER_MAX_PX, acceptAnyImage: true } }],
            ([coverUrl = '']) => {
              setNewsletterCover(db, row.id, coverUrl);
              return { result: undefined, dropped: [row.coverUrl] };
            },
          );
          report.made.push(row.fileName);
        } catch (error) {
          report.failed.push({ fileName: row.fileName, reason: error instanceof Error ? error.message : String(error) });
        }
      }
      return report;
    },
  };
}
