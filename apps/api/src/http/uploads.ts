import { FILE_KIND_MESSAGES, FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '@club/contracts/plain';
import type { FileField, FileKind } from '@club/contracts';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Busboy from 'busboy';
import type { Request, RequestHandler } from 'express';
import { ApiError, badRequest, tooLarge, tooManyAttempts, wrongFileType } from '../errors.ts';
import { addressKey } from '../lib/client-address.ts';
import { sniffFileType, typeNamed, type SniffedType } from '../lib/file-type.ts';

/** The longest text field any contract takes is 50,000 characters: at most 150 KB of UTF-8. */
const MAX_FIELD_BYTES = 160 * 1024;
const MAX_FIELDS = 300;
/** Room for all the text parts of a multipart body together, as for a JSON one. */
const TEXT_BODY_BYTES = 1024 * 1024;

/** An uploaded file, read from its temporary copy once the caller's access was checked. */
export type UploadedFile = { originalName: string; mimeType: string; size: number; buffer: Buffer };

/** A file part written to the request's temporary folder. */
type SpooledFile = { fieldName: string; originalName: string; mimeType: string; size: number; path: string };

/** What the fields seen so far say about the caller; throwing refuses the body. */
type AccessDecision = 'allowed' | 'unknown';

export type MultipartOptions = {
  /** The call's file fields and how many files each takes. */
  fileFields: Record<string, { maxCount: number }>;
  /** Where files are spooled while a request runs; each request gets its own folder, removed after it. */
  tempDir: string;
  /**
   * Runs at each file part and when `g` arrives, with the fields seen so far: 'allowed', 'unknown'
   * (no `g` yet: the files wait on disk until it comes or the body ends) or throws to refuse.
   */
  checkAccess: (fields: Record<string, unknown>) => AccessDecision;
  /** Client keys with a body whose files wait for `g`: one such body at a time per client. */
  waiting: Set<string>;
};

/** Spooled files per request, read by `uploadedFiles` once the body is read. */
const spooled = new WeakMap<Request, SpooledFile[]>();

export function uploadedFiles(req: Request): SpooledFile[] {
  return spooled.get(req) ?? [];
}

/** Adds a text part as the legacy forms mean it: `p[]` and a repeated name make a list. */
function appendField(fields: Record<string, unknown>, name: string, value: string): void {
  const isList = name.endsWith('[]');
  const key = isList ? name.slice(0, -2) : name;
  const current = fields[key];
  if (current === undefined) fields[key] = isList ? [value] : value;
  else if (Array.isArray(current)) current.push(value);
  else fields[key] = [current, value];
}

const unreadable = () => badRequest('The upload could not be read. Please try again.');

/**
 * Reads a multipart body with bounded memory: text parts count against TEXT_BODY_BYTES as they
 * arrive, files go to a temporary folder. A file part is taken once `checkAccess` allowed the
 * caller; one that comes before `g` (legacy clients order fields freely) waits on disk, within
 * the call's size limits and one such body per client address, until `g` decides or the body
 * ends. A refusal answers at once, drops the rest of the body unread and removes the folder.
 * Other bodies pass through untouched.
 */
export function multipartParser({ fileFields, tempDir, checkAccess, waiting }: MultipartOptions): RequestHandler {
  const maxFiles = Object.values(fileFields).reduce((sum, spec) => sum + spec.maxCount, 0);
  const maxBodyBytes = maxFiles * (MAX_UPLOAD_BYTES + 1024) + TEXT_BODY_BYTES;

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
      next(tooLarge(`The form is too large. Please send at most ${maxFiles} file${maxFiles === 1 ? '' : 's'} of ${MAX_UPLOAD_BYTES / 1024 / 1024} MB each.`));
      return;
    }
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({
        headers: req.headers,
        limits: {
          fieldSize: MAX_FIELD_BYTES,
          fields: MAX_FIELDS,
          fileSize: MAX_UPLOAD_BYTES,
          // One more than allowed, so that the extra file reaches the count that says how many the field takes.
          files: maxFiles + 1,
          parts: MAX_FIELDS + maxFiles + 1,
        },
      });
    } catch {
      next(unreadable());
      return;
    }

    const fields = Object.create(null) as Record<string, unknown>;
    const files: SpooledFile[] = [];
    const counts = new Map<string, number>();
    const writes: Array<Promise<void>> = [];
    const outputs: fs.WriteStream[] = [];
    let folder: string | undefined;
    let textBytes = 0;
    let access: AccessDecision = 'unknown';
    let waitingKey: string | undefined;
    let isDone = false;

    const stopWaiting = () => {
      if (waitingKey !== undefined) waiting.delete(waitingKey);
      waitingKey = undefined;
    };
    const removeFolder = () => {
      const target = folder;
      if (!target) return;
      for (const output of outputs) output.destroy();
      // Once every file is closed, so that none is created after the folder is gone.
      void Promise.allSettled(writes).then(() => fs.promises.rm(target, { recursive: true, force: true }).catch(() => undefined));
    };
    /** Ends reading: with an error, answers at once and drops the rest of the body. */
    const finish = (error?: unknown) => {
      if (isDone) return;
      isDone = true;
      stopWaiting();
      if (error !== undefined) {
        req.unpipe(parser);
        req.resume();
        removeFolder();
        next(error);
        return;
      }
      spooled.set(req, files);
      req.body = fields;
      next();
    };
    res.on('close', () => {
      isDone = true;
      stopWaiting();
      removeFolder();
    });

    /** Asks `checkAccess` again unless already allowed; false once the body is refused. */
    const decide = (): boolean => {
      if (access === 'allowed') return true;
      try {
        access = checkAccess(fields);
      } catch (error) {
        finish(error);
        return false;
      }
      if (access === 'allowed') stopWaiting();
      return true;
    };

    parser.on('field', (name, value, info) => {
      if (isDone) return;
      textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (info.valueTruncated) {
        finish(tooLarge('One of the fields is too long.'));
        return;
      }
      if (textBytes > TEXT_BODY_BYTES) {
        finish(tooLarge('The form has too much text. Please shorten it.'));
        return;
      }
      appendField(fields, name, value);
      if (name === 'g' && access === 'unknown') decide();
    });

    parser.on('file', (name, stream, info) => {
      const originalName = info.filename;
      if (isDone || !originalName) {
        stream.resume();
        return;
      }
      const field = name.replace(/\[\]$/, '');
      const max = fileFields[field]?.maxCount;
      if (max === undefined) {
        stream.resume();
        finish(badRequest('A file was sent in a field that does not take files.'));
        return;
      }
      if (!decide()) {
        stream.resume();
        return;
      }
      const count = (counts.get(field) ?? 0) + 1;
      counts.set(field, count);
      if (count > max) {
        stream.resume();
        finish(tooLarge(`Please send at most ${max} file${max === 1 ? '' : 's'} at once.`));
        return;
      }
      if (access === 'unknown' && waitingKey === undefined) {
        const key = addressKey(req.ip ?? '');
        if (waiting.has(key)) {
          stream.resume();
          finish(tooManyAttempts('Please wait until your other upload has finished, then try again.'));
          return;
        }
        waiting.add(key);
        waitingKey = key;
      }
      try {
        if (!folder) {
          fs.mkdirSync(tempDir, { recursive: true, mode: 0o700 });
          folder = fs.mkdtempSync(path.join(tempDir, 'upload-'));
        }
      } catch (error) {
        stream.resume();
        finish(error);
        return;
      }
      const target = path.join(folder, randomUUID());
      const output = fs.createWriteStream(target, { mode: 0o600 });
      outputs.push(output);
      // Listed as the part arrives, not when its copy is written: a small file after a large one
      // finishes writing first, and the files must keep the body's order (`rot` and the pictures'
      // places refer to them by position).
      const file: SpooledFile = { fieldName: name, originalName, mimeType: info.mimeType, size: 0, path: target };
      files.push(file);
      stream.on('data', (chunk: Buffer) => (file.size += chunk.length));
      stream.on('limit', () => finish(tooLarge(FILE_TOO_LARGE_MESSAGE)));
      writes.push(pipeline(stream, output).catch((error: unknown) => finish(error)));
    });

    parser.on('filesLimit', () => finish(tooLarge('Too many files at once. Please send fewer.')));
    parser.on('fieldsLimit', () => finish(tooLarge('The form has too many fields.')));
    parser.on('partsLimit', () => finish(tooLarge('The form has too many parts.')));
    parser.on('error', () => finish(unreadable()));
    parser.on('close', () => {
      void Promise.all(writes).then(() => finish());
    });
    req.pipe(parser);
  };
}

const ACCEPTED: Record<FileKind, SniffedType[]> = {
  jpeg: ['jpeg'],
  image: ['jpeg', 'png', 'webp', 'gif', 'heic'],
  'image-or-pdf': ['jpeg', 'png', 'webp', 'gif', 'pdf'],
  gpx: ['xml'],
};

/** What a file of each kind is, to say which of several files is not one. */
const KIND_NOUNS: Record<FileKind, string> = {
  jpeg: 'a JPEG photo',
  image: 'a picture',
  'image-or-pdf': 'a picture or a PDF',
  gpx: 'a GPX file',
};

const TYPE_NOUNS: Readonly<Record<SniffedType, string>> = {
  jpeg: 'a JPEG photo',
  png: 'a PNG picture',
  webp: 'a WebP picture',
  gif: 'a GIF picture',
  heic: 'a HEIC photo',
  pdf: 'a PDF',
  xml: 'a GPX file',
  unknown: 'a file',
};

/** A sent file's name as a member would recognise it: no folders, no control characters, not too long. */
function shownFileName(originalName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const controlCharacters = /[\u0000-\u001f\u007f]/g;
  const name = path.basename(originalName.replace(/\\/g, '/')).replace(controlCharacters, '').trim();
  return name.length > 80 ? `${name.slice(0, 77)}…` : name;
}

/**
 * Throws 413 for a file over its field's own limit, 415 unless every file is of the kind its field
 * accepts; among several files, the message names the one refused, so the member knows which to remove.
 */
export function checkFileKinds(files: Record<string, UploadedFile[]>, fields: Record<string, FileField>): void {
  for (const [field, list] of Object.entries(files)) {
    const spec = fields[field];
    if (!spec) continue;
    for (const file of list) {
      if (spec.maxBytes !== undefined && file.size > spec.maxBytes) {
        throw tooLarge(`That file is too large. Please choose a smaller one (at most ${spec.maxBytes / 1024 / 1024} MB).`);
      }
      if (!ACCEPTED[spec.kind].includes(sniffFileType(file.buffer))) {
        // A name of a kind the field takes, on something else inside: a damaged or renamed file,
        // which the browser let through by its name; saying so tells the member what to look for.
        const claimed = typeNamed(file.originalName)?.type;
        const shown = shownFileName(file.originalName);
        if (claimed !== undefined && ACCEPTED[spec.kind].includes(claimed) && shown !== '') {
          throw wrongFileType(
            `“${shown}” is named like ${TYPE_NOUNS[claimed]} but is not one: it may be damaged, or another kind of file renamed. ${FILE_KIND_MESSAGES[spec.kind]}`,
          );
        }
        const name = list.length > 1 ? shown : '';
        throw wrongFileType(`${name === '' ? '' : `“${name}” is not ${KIND_NOUNS[spec.kind]}. `}${FILE_KIND_MESSAGES[spec.kind]}`);
      }
    }
  }
}

/** The spooled files, grouped by field name with `[]` stripped, read from their temporary copies. */
export function groupUploads(files: readonly SpooledFile[]): Record<string, UploadedFile[]> {
  const grouped: Record<string, UploadedFile[]> = {};
  for (const file of files) {
    const field = file.fieldName.replace(/\[\]$/, '');
    (grouped[field] ??= []).push({
      originalName: file.originalName,
      mimeType: file.mimeType,
      size: file.size,
      buffer: fs.readFileSync(file.path),
    });
  }
  return grouped;
}
