import type { FileField, FileKind } from '@club/contracts';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { ApiError, badRequest, tooLarge, wrongFileType } from '../errors.ts';
import { sniffFileType, type SniffedType } from '../lib/file-type.ts';

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** The longest text field any contract takes is 50,000 characters: at most 150 KB of UTF-8. */
export const MAX_FIELD_BYTES = 160 * 1024;
const MAX_FIELDS = 300;
/** Room for the text fields of a multipart body, as for a JSON one. */
const TEXT_BODY_BYTES = 1024 * 1024;

/** An uploaded file, read from its temporary copy once the caller's access was checked. */
export type UploadedFile = { originalName: string; mimeType: string; size: number; buffer: Buffer };

export type MultipartOptions = {
  /** The call's file fields and how many files each takes. */
  fileFields: Record<string, { maxCount: number }>;
  /** Where files are spooled while a request runs; each request gets its own folder, removed after it. */
  tempDir: string;
  /** Runs at the start of each file part with the fields seen so far; throws to refuse the file. */
  beforeFile: (fields: unknown) => void;
};

const requestFolders = new WeakMap<Request, string>();
/** Per request: answers at once with an error (the rest of the body is read and dropped meanwhile). */
const refusals = new WeakMap<Request, (error: unknown) => void>();
/** Per request: files started so far, by field name without `[]`. */
const fileCounts = new WeakMap<Request, Map<string, number>>();

function requestFolder(req: Request, tempDir: string): string {
  let folder = requestFolders.get(req);
  if (!folder) {
    fs.mkdirSync(tempDir, { recursive: true });
    folder = fs.mkdtempSync(path.join(tempDir, 'upload-'));
    requestFolders.set(req, folder);
  }
  return folder;
}

/**
 * Reads a multipart body with bounded memory: files go to a temporary folder, and only after
 * `beforeFile` accepted the caller (the legacy client sends `g` before any file); text fields,
 * files per call and the whole body are capped. Other bodies pass through untouched.
 */
export function multipartParser({ fileFields, tempDir, beforeFile }: MultipartOptions): RequestHandler {
  const maxFiles = Object.values(fileFields).reduce((sum, spec) => sum + spec.maxCount, 0);
  const maxBodyBytes = maxFiles * (MAX_UPLOAD_BYTES + 1024) + TEXT_BODY_BYTES;
  const parser = multer({
    storage: multer.diskStorage({
      destination: (req, _file, done) => {
        try {
          done(null, requestFolder(req, tempDir));
        } catch (error) {
          done(error as Error, '');
        }
      },
      filename: (_req, _file, done) => done(null, randomUUID()),
    }),
    // One file over the limit still reaches fileFilter, which refuses it at once.
    limits: { fileSize: MAX_UPLOAD_BYTES, files: maxFiles + 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + maxFiles + 1 },
    fileFilter: (req, file, done) => {
      const refuse = refusals.get(req);
      if (!refuse) {
        done(null, false);
        return;
      }
      try {
        const field = file.fieldname.replace(/\[\]$/, '');
        const counts = fileCounts.get(req) ?? new Map<string, number>();
        fileCounts.set(req, counts);
        const count = (counts.get(field) ?? 0) + 1;
        counts.set(field, count);
        const max = fileFields[field]?.maxCount ?? 0;
        beforeFile(req.body);
        if (count > max) throw tooLarge(`Please send at most ${max} file${max === 1 ? '' : 's'} at once.`);
        done(null, true);
      } catch (error) {
        // Answer now rather than after the whole body; this file and any later one are dropped unread.
        refusals.delete(req);
        done(null, false);
        refuse(error);
      }
    },
  });
  // One more than allowed per field, so the extra file reaches fileFilter, which says how many the
  // field takes (multer's own count would only say "unexpected field").
  const parse = maxFiles
    ? parser.fields(
        // One more than allowed: multer would refuse the extra file as "unexpected" (400) before
        // fileFilter could answer with the clear 413 "Please send at most N files".
        Object.entries(fileFields).flatMap(([field, spec]) => [
          { name: field, maxCount: spec.maxCount + 1 },
          { name: `${field}[]`, maxCount: spec.maxCount + 1 },
        ]),
      )
    : parser.none();

  return (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      next();
      return;
    }
    const declared = Number(req.get('content-length') ?? Number.NaN);
    if (!Number.isFinite(declared)) {
      res.setHeader('Connection', 'close');
      next(new ApiError(411, 'Please send the form with its length (Content-Length).'));
      return;
    }
    if (declared > maxBodyBytes) {
      // Nothing of it will be read: closing the connection stops the rest of the upload.
      res.setHeader('Connection', 'close');
      next(tooLarge(`The form is too large. Please send at most ${maxFiles} file${maxFiles === 1 ? '' : 's'} of 15 MB each.`));
      return;
    }
    res.on('close', () => {
      const folder = requestFolders.get(req);
      if (folder) fs.rm(folder, { recursive: true, force: true }, () => undefined);
    });
    let isAnswered = false;
    const answer = (error?: unknown) => {
      if (isAnswered) return;
      isAnswered = true;
      refusals.delete(req);
      next(error);
    };
    refusals.set(req, answer);
    readMultipart(parse)(req, res, answer);
  };
}

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

const ACCEPTED: Record<FileKind, { types: SniffedType[]; message: string }> = {
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

/** multer's files, grouped by field name with `[]` stripped, read from their temporary copies. */
export function groupUploads(files: Express.Multer.File[] | undefined): Record<string, UploadedFile[]> {
  const grouped: Record<string, UploadedFile[]> = {};
  for (const file of files ?? []) {
    const field = file.fieldname.replace(/\[\]$/, '');
    (grouped[field] ??= []).push({
      originalName: file.originalname,
      mimeType: file.mimetype,
      size: file.size,
      buffer: fs.readFileSync(file.path),
    });
  }
  return grouped;
}
