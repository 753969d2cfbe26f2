import type { FileField, FileKind } from '@club/contracts';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { ApiError, badRequest, wrongFileType } from './errors.ts';

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/** An uploaded file held in memory until a service stores it. */
export type UploadedFile = { originalName: string; mimeType: string; size: number; buffer: Buffer };

export const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 40, fields: 200, fieldSize: 1024 * 1024 },
});

/**
 * Runs a multer middleware; a body the multipart parser cannot read (truncated, a broken part
 * header, no boundary) is the client's fault and answers 400, not a logged 500.
 */
export function readMultipart(parse: RequestHandler): RequestHandler {
  return (req, res, next) => {
    void parse(req, res, (error?: unknown) => {
      if (error === undefined || error === null || error instanceof ApiError || error instanceof multer.MulterError) {
        next(error);
        return;
      }
      next(badRequest('The upload could not be read. Please try again.'));
    });
  };
}

type Sniffed = 'jpeg' | 'png' | 'gif' | 'webp' | 'pdf' | 'unknown';

/** What a file really is, from its first bytes; the name and the browser's type are not trusted. */
export function sniffFileType(buffer: Buffer): Sniffed {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buffer.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (buffer.subarray(0, 4).toString('latin1') === 'RIFF' && buffer.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (buffer.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return 'unknown';
}

const ACCEPTED: Record<FileKind, { types: Sniffed[]; message: string }> = {
  jpeg: { types: ['jpeg'], message: 'Please choose a JPEG photo (.jpg or .jpeg); other file types are not accepted.' },
  image: {
    types: ['jpeg', 'png', 'webp', 'gif'],
    message: 'Please choose an image file (JPEG, PNG, WebP or GIF).',
  },
  'image-or-pdf': {
    types: ['jpeg', 'png', 'webp', 'gif', 'pdf'],
    message: 'Please choose a PDF or an image file (JPEG, PNG, WebP or GIF).',
  },
};

/** Throws 415 unless every file is of the kind its field accepts. */
export function checkFileKinds(files: Record<string, UploadedFile[]>, fields: Record<string, FileField>): void {
  for (const [field, list] of Object.entries(files)) {
    const spec = fields[field];
    if (!spec) continue;
    for (const file of list) {
      if (!ACCEPTED[spec.kind].types.includes(sniffFileType(file.buffer))) {
        throw wrongFileType(ACCEPTED[spec.kind].message);
      }
    }
  }
}

/** multer's files, grouped by field name with `[]` stripped. */
export function groupUploads(files: Express.Multer.File[] | undefined): Record<string, UploadedFile[]> {
  const grouped: Record<string, UploadedFile[]> = {};
  for (const file of files ?? []) {
    const field = file.fieldname.replace(/\[\]$/, '');
    (grouped[field] ??= []).push({
      originalName: file.originalname,
      mimeType: file.mimetype,
      size: file.size,
      buffer: file.buffer,
    });
  }
  return grouped;
}
