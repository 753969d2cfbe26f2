import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { renditionStem, renditionStemOf, renditionWidthsFor } from '@club/contracts/plain';
import type { Crop } from '@club/contracts';
import type { Metadata } from 'sharp';
import type { Config } from '../config.ts';
import { tooLarge, wrongFileType } from '../errors.ts';
import { lazyImport } from '../lazy-import.ts';
import { isHeic } from '../lib/file-type.ts';
import { decodeHeic, HeicDecodeError } from './heic-decoder.ts';

/** sharp (libvips, about 20-28 MB resident) is loaded on the first picture, not at start; see lazy-import.ts. */
export const loadSharp = lazyImport('sharp', async () => (await import('sharp')).default);

type ImageOptions = {
  /** Sub-folder of uploads, e.g. "members". */
  folder: string;
  /** Longest side in pixels after resizing. */
  maxSize: number;
  /** A square crop in the (orientation-corrected) source pixels. */
  crop?: Crop;
  /** Extra quarter turns clockwise. */
  quarterTurns?: number;
  /** Also take PNG, WebP, GIF or HEIC (converted to JPEG), for pictures the spec does not limit to JPEG. */
  acceptAnyImage?: boolean;
  /**
   * Through `saveWithUploads`, every picture also gets smaller copies (contracts'
   * IMAGE_RENDITION_WIDTHS, those narrower than it) and WebP beside them where WebP is smaller,
   * for pages that build `srcset` with `imageSources(url)`; its name then carries its width and
   * height. False stores the one JPEG only.
   */
  renditions?: boolean;
};

/** How `encodeJpeg` makes a picture: ImageOptions without where it is stored, and the JPEG quality. */
type EncodeOptions = Omit<ImageOptions, 'folder' | 'renditions'> & {
  /** JPEG quality, 82 unless said (a newsletter page sent as a picture keeps more). */
  quality?: number;
};

/** A photo to store with `saveWithUploads`; none when the form sent no file. */
type PendingImage = { buffer: Buffer; options: ImageOptions } | undefined;

/** What a write returns to `saveWithUploads`: its result, and the upload URLs it no longer refers to. */
type UploadWrite<T> = { result: T; dropped?: (string | undefined)[] };

export type ImageService = {
  /**
   * Decodes a JPEG (or any image with `acceptAnyImage`) within the pixel limit, applies
   * orientation, turns and crop, strips metadata and resizes: the one pipeline every picture
   * goes through, two at a time. 413 for too many pixels, 415 for anything unreadable.
   */
  encodeJpeg(buffer: Buffer, options: EncodeOptions): Promise<Buffer>;
  /** Decodes a JPEG (refusing anything else), applies orientation, strips metadata, resizes, stores it; returns its URL. */
  storeJpeg(buffer: Buffer, options: ImageOptions): Promise<string>;
  /**
   * Writes the smaller copies (and WebP where it saves bytes) of a stored JPEG and renames it to
   * carry its size; returns its new URL. The copies are made from the stored file, so they hold
   * no metadata either.
   */
  addRenditions(url: string): Promise<string>;
  /** Deletes an upload (and its renditions) by its URL; ignores URLs outside the uploads folder. */
  remove(url: string): void;
  /**
   * The one way to save rows that refer to uploads. Stores each image (`storeJpeg`), then runs
   * `write` with their URLs in the same order (undefined where no file was sent). If storing or
   * the write fails, every file stored here is removed again, so no orphan is left; only after
   * the write succeeds are the `dropped` files it returns removed (never one it just stored).
   * `write` is synchronous: it opens the transaction, so rows and files change together.
   */
  saveWithUploads<T>(images: PendingImage[], write: (urls: (string | undefined)[]) => UploadWrite<T>): Promise<T>;
};

const UPLOADS_PREFIX = '/uploads/';

/** More pixels than any camera photo needs; decoding is refused before it starts (a 16,000-pixel square would take 768 MB). */
const MAX_INPUT_PIXELS = 50_000_000;
/** Decoding a large photo takes a few hundred MB: at most this many at once on a small server. */
const IMAGE_JOBS_AT_ONCE = 2;

/** Runs async jobs at most `max` at a time, in the order they came. */
export function createJobLimiter(max: number): <T>(job: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (job) => {
    if (active < max) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await job();
    } finally {
      // The slot passes straight to the next job waiting, or is freed.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

const imageJobs = createJobLimiter(IMAGE_JOBS_AT_ONCE);

const UNREADABLE = 'That photo could not be read. Please choose a JPEG photo (.jpg).';
const UNREADABLE_IMAGE = 'That picture could not be read; it may be damaged. Please choose a JPEG, PNG, WebP, GIF or HEIC picture that opens on your computer.';
const UNREADABLE_HEIC =
  'That HEIC photo could not be converted; it may be damaged or only partly copied. Please choose it again, or send it as a JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible).';
const TOO_MANY_PIXELS = `That photo has too many pixels (more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Please choose a smaller one.`;

/** A picture as sharp takes it: the file itself, or decoded pixels (a HEIC) with their layout. */
type SharpInput = { data: Buffer; raw?: { width: number; height: number; channels: 4 } };

/** A HEIC's pixels for sharp (see heic-decoder.ts); 415 or 413 with a message a member can act on. */
async function decodeHeicPhoto(buffer: Buffer): Promise<SharpInput> {
  try {
    const { width, height, data } = await decodeHeic(buffer, MAX_INPUT_PIXELS);
    return { data, raw: { width, height, channels: 4 } };
  } catch (error) {
    if (error instanceof HeicDecodeError && error.reason === 'too-large') throw tooLarge(TOO_MANY_PIXELS);
    throw wrongFileType(UNREADABLE_HEIC);
  }
}

async function encodeJpeg(buffer: Buffer, { maxSize, crop, quarterTurns = 0, acceptAnyImage = false, quality = 82 }: EncodeOptions): Promise<Buffer> {
  const unreadable = acceptAnyImage ? UNREADABLE_IMAGE : UNREADABLE;
  const isHeicPhoto = acceptAnyImage && isHeic(buffer);
  const source: SharpInput = isHeicPhoto ? await decodeHeicPhoto(buffer) : { data: buffer };
  const sharp = await loadSharp();
  const input = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, ...(source.raw && { raw: source.raw }) } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(source.data, input).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/.test(error.message)) throw tooLarge(TOO_MANY_PIXELS);
    throw wrongFileType(unreadable);
  }
  const isAccepted = isHeicPhoto || metadata.format === 'jpeg' || (acceptAnyImage && ['png', 'webp', 'gif'].includes(metadata.format ?? ''));
  if (!isAccepted) throw wrongFileType('Please choose a JPEG photo (.jpg or .jpeg); other file types are not accepted.');

  // One pipeline: EXIF orientation (autoOrient), the extra turns, the crop, the resize. sharp
  // drops all metadata (GPS too) on output; decoded HEIC pixels carry none to begin with.
  let image = sharp(source.data, { ...input, autoOrient: true });
  const turns = ((quarterTurns % 4) + 4) % 4;
  if (turns) image = image.rotate(turns * 90);
  if (crop) {
    const upright = metadata.autoOrient;
    const width = turns % 2 ? upright.height : upright.width;
    const height = turns % 2 ? upright.width : upright.height;
    const left = Math.min(crop.x, width - 1);
    const top = Math.min(crop.y, height - 1);
    const size = Math.max(1, Math.min(crop.size, width - left, height - top));
    image = image.extract({ left, top, width: size, height: size });
  }
  // JPEG has no transparency; without this a transparent PNG would turn black.
  if (metadata.hasAlpha) image = image.flatten({ background: '#ffffff' });
  try {
    return await image.resize({ width: maxSize, height: maxSize, fit: 'inside', withoutEnlargement: true }).jpeg({ quality, mozjpeg: true }).toBuffer();
  } catch {
    throw wrongFileType(unreadable);
  }
}

async function storeJpeg(buffer: Buffer, options: ImageOptions, uploadsDir: string): Promise<string> {
  const { folder } = options;
  const output = await encodeJpeg(buffer, options);
  const dir = path.join(uploadsDir, folder);
  fs.mkdirSync(dir, { recursive: true });
  const name = `${randomUUID()}.jpg`;
  fs.writeFileSync(path.join(dir, name), output);
  return `${UPLOADS_PREFIX}${folder}/${name}`;
}

/** Needs only the uploads folder (the demo data uses it before the app exists). */
export function createImageService(config: Pick<Config, 'uploadsDir'>): ImageService {
  const resolveUrl = (url: string): string | undefined => {
    if (!url.startsWith(UPLOADS_PREFIX)) return undefined;
    const file = path.resolve(config.uploadsDir, decodeURIComponent(url.slice(UPLOADS_PREFIX.length)));
    return file.startsWith(path.resolve(config.uploadsDir) + path.sep) ? file : undefined;
  };

  /** The copies of a stored JPEG, under the image job limit (see `addRenditions` in ImageService). */
  const addRenditions = async (url: string): Promise<string> => {
    const file = resolveUrl(url);
    if (!file) throw new Error(`Not an upload: ${url}`);
    const input = fs.readFileSync(file);
    const sharp = await loadSharp();
    const { width = 0, height = 0 } = await sharp(input).metadata();
    const sizes = [...renditionWidthsFor(width).map((w) => ({ w, jpeg: undefined as Buffer | undefined })), { w: width, jpeg: input }];
    const copies: { w: number; isFull: boolean; jpeg: Buffer; webp: Buffer }[] = [];
    for (const { w, jpeg } of sizes) {
      const resized = jpeg ? sharp(jpeg) : sharp(input).resize({ width: w });
      const jpegBytes = jpeg ?? (await resized.clone().jpeg({ quality: 80, mozjpeg: true }).toBuffer());
      copies.push({ w, isFull: !!jpeg, jpeg: jpegBytes, webp: await resized.webp({ quality: 78 }).toBuffer() });
    }
    const total = (key: 'jpeg' | 'webp') => copies.reduce((sum, copy) => sum + copy[key].length, 0);
    // A picture narrower than every copy is small already: it only gets its size in its name.
    const hasWebp = copies.length > 1 && total('webp') < total('jpeg');
    const dir = path.dirname(file);
    const stem = renditionStem(path.basename(file, '.jpg'), width, height, hasWebp);
    const written: string[] = [];
    try {
      for (const copy of copies) {
        const targets: [string, Buffer][] = copy.isFull ? [] : [[`${stem}.${copy.w}.jpg`, copy.jpeg]];
        if (hasWebp) targets.push([copy.isFull ? `${stem}.webp` : `${stem}.${copy.w}.webp`, copy.webp]);
        for (const [name, bytes] of targets) {
          fs.writeFileSync(path.join(dir, name), bytes);
          written.push(path.join(dir, name));
        }
      }
      fs.renameSync(file, path.join(dir, `${stem}.jpg`));
    } catch (error) {
      for (const done of written) fs.rmSync(done, { force: true });
      throw error;
    }
    return `${url.slice(0, url.lastIndexOf('/') + 1)}${stem}.jpg`;
  };

  /** storeJpeg, then the renditions when asked; nothing is left behind if either fails. */
  const storeUpload = async ({ buffer, options }: NonNullable<PendingImage>): Promise<string> => {
    const url = await service.storeJpeg(buffer, options);
    if (options.renditions === false || !url.endsWith('.jpg')) return url;
    try {
      return await service.addRenditions(url);
    } catch (error) {
      service.remove(url);
      throw error;
    }
  };

  const service: ImageService = {
    encodeJpeg: (buffer, options) => imageJobs(() => encodeJpeg(buffer, options)),

    storeJpeg: (buffer, options) => imageJobs(() => storeJpeg(buffer, options, config.uploadsDir)),

    addRenditions: (url) => imageJobs(() => addRenditions(url)),

    remove(url) {
      const file = resolveUrl(url);
      if (!file) return;
      fs.rmSync(file, { force: true });
      const stem = renditionStemOf(path.basename(file));
      if (!stem || !fs.existsSync(path.dirname(file))) return;
      for (const name of fs.readdirSync(path.dirname(file))) {
        if (name.startsWith(`${stem}.`)) fs.rmSync(path.join(path.dirname(file), name), { force: true });
      }
    },

    async saveWithUploads<T>(images: PendingImage[], write: (urls: (string | undefined)[]) => UploadWrite<T>): Promise<T> {
      const urls: (string | undefined)[] = [];
      let outcome: UploadWrite<T>;
      try {
        for (const image of images) urls.push(image ? await storeUpload(image) : undefined);
        outcome = write(urls);
      } catch (error) {
        for (const url of urls) if (url) service.remove(url);
        throw error;
      }
      for (const url of outcome.dropped ?? []) if (url && !urls.includes(url)) service.remove(url);
      return outcome.result;
    },
  };
  return service;
}
