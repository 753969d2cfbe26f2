import { FILE_KIND_MESSAGES, FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, type FileKind } from '@club/contracts/plain';
import type { Crop } from '@club/contracts';
import { useEffect, useState } from 'react';

/** A square part of an image in the image's own pixels, as the server's `ic` field wants. */
export type { Crop };

/** A quarter turn clockwise, as the server's `rot` fields count it. */
export type Rotation = 0 | 90 | 180 | 270;

/** What a picker accepts: the contracts' file kinds (`jpeg`, `image`, `image-or-pdf`, `gpx`). */
export type ImageKind = FileKind;

export const JPEG_ONLY_MESSAGE = FILE_KIND_MESSAGES.jpeg;
export const IMAGE_ONLY_MESSAGE = FILE_KIND_MESSAGES.image;

/** Older Windows browsers report progressive JPEGs as image/pjpeg. */
const JPEG_TYPES = ['image/jpeg', 'image/pjpeg'];
/** When the browser gives no type, the name decides: .jpg, .jpeg and .jfif are all JPEG. */
const JPEG_NAME = /\.(jpe?g|jfif)$/i;
const PDF_NAME = /\.pdf$/i;
/**
 * Phone photos in HEIC (iPhones save them so); the server turns them into JPEG. Browsers without a
 * HEIC viewer report them with no type, and some choosers hide them from `image/*` alone.
 */
const HEIC_NAME = /\.(heic|heif)$/i;
const HEIC_ACCEPT = '.heic,.heif,image/heic,image/heif';

/** The one JPEG check before upload; the server decodes the file to be sure. */
export function isJpegFile(file: File): boolean {
  return JPEG_TYPES.includes(file.type) || (file.type === '' && JPEG_NAME.test(file.name));
}

function isImageFile(file: File): boolean {
  return file.type.startsWith('image/') || isJpegFile(file) || (file.type === '' && HEIC_NAME.test(file.name));
}

function isPdfFile(file: File): boolean {
  return file.type === 'application/pdf' || (file.type === '' && PDF_NAME.test(file.name));
}

/** The `accept` attribute of a file input for a kind; it only guides the browser's chooser. */
export function acceptOf(kind: ImageKind): string {
  if (kind === 'jpeg') return 'image/jpeg,.jpg,.jpeg,.jfif';
  if (kind === 'gpx') return '.gpx,application/gpx+xml,application/xml,text/xml';
  return kind === 'image' ? `image/*,${HEIC_ACCEPT}` : 'application/pdf,.pdf,image/jpeg,image/png,image/webp,image/gif';
}

/** The message for a chosen file that is not of the kind, or null when it is. */
export function checkImageFile(file: File, kind: ImageKind): string | null {
  if (kind === 'jpeg') return isJpegFile(file) ? null : JPEG_ONLY_MESSAGE;
  if (kind === 'image') return isImageFile(file) ? null : IMAGE_ONLY_MESSAGE;
  return isImageFile(file) || isPdfFile(file) ? null : FILE_KIND_MESSAGES['image-or-pdf'];
}

/** A file's size as a member reads it: "840 KB", "23.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Why a chosen file cannot be sent, in the server's own words (its kind, then its size), or null. */
export function checkChosenFile(file: File, kind: ImageKind): string | null {
  return checkImageFile(file, kind) ?? (file.size > MAX_UPLOAD_BYTES ? FILE_TOO_LARGE_MESSAGE : null);
}

/** A chosen file that was not taken, and why. */
export type Refusal = { fileName: string; reason: string };

/** The sentence naming a refused file and the reason, e.g. "“scan.pdf” was not added. Please choose a JPEG photo…". */
export function describeRefusal({ fileName, reason }: Refusal): string {
  return `“${fileName}” was not added. ${reason}`;
}

/**
 * Sorts a batch of chosen files: those of the right kind and size are taken in order while there
 * is room; each other one is refused by name with its reason (`fullReason` when there was no room).
 */
export function sortChosenFiles(files: readonly File[], kind: ImageKind, room: number, fullReason: string): { accepted: File[]; refusals: Refusal[] } {
  const accepted: File[] = [];
  const refusals: Refusal[] = [];
  for (const file of files) {
    const problem = checkChosenFile(file, kind);
    if (problem !== null) refusals.push({ fileName: file.name, reason: problem });
    else if (accepted.length >= room) refusals.push({ fileName: file.name, reason: fullReason });
    else accepted.push(file);
  }
  return { accepted, refusals };
}

/**
 * An object URL showing a chosen file, released when the file changes or the component leaves.
 * Made in an effect, not during render, so StrictMode's second mount gets a live URL of its own.
 */
export function usePreviewUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (file === null) return undefined;
    const url = URL.createObjectURL(file);
    // The URL exists only once the effect has run, so it is stored from here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPreview({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  // A preview left from an earlier file is never shown for the new one.
  return preview !== null && preview.file === file ? preview.url : null;
}

/** The next quarter turn clockwise (or anticlockwise with -90). */
export function turn(rotation: Rotation, by: 90 | -90): Rotation {
  return ((((rotation + by) % 360) + 360) % 360) as Rotation;
}

/** The HEIF brands a phone's photo names in its `ftyp` box (HEVC stills and sequences, generic HEIF). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

/**
 * Whether a file's first bytes are those of a picture the site takes (JPEG, PNG, GIF, WebP or
 * HEIC), whatever its name says: a text file named "photo.jpg" is not. The server checks again.
 */
export function isPictureStart(bytes: Uint8Array): boolean {
  const ascii = (at: number, length = 4) => String.fromCharCode(...bytes.subarray(at, at + length));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  if (bytes[0] === 0x89 && ascii(1, 3) === 'PNG') return true;
  if (ascii(0) === 'GIF8') return true;
  if (ascii(0) === 'RIFF' && ascii(8) === 'WEBP') return true;
  if (ascii(4) !== 'ftyp') return false;
  // The major brand, then the compatible ones, within the box's first bytes.
  for (let at = 8; at + 4 <= Math.min(bytes.length, 64); at += 4) if (HEIF_BRANDS.has(ascii(at))) return true;
  return false;
}

/** Whether a chosen file is a picture by its first bytes: null while they are read (or for no file). */
export function useIsPicture(file: File | null): boolean | null {
  const [answer, setAnswer] = useState<{ file: File; isPicture: boolean } | null>(null);
  useEffect(() => {
    if (file === null) return undefined;
    let isCurrent = true;
    void file
      .slice(0, 64)
      .arrayBuffer()
      .then(
        (buffer) => isCurrent && setAnswer({ file, isPicture: isPictureStart(new Uint8Array(buffer)) }),
        // Unreadable here: the server, which reads it whole, decides.
        () => isCurrent && setAnswer({ file, isPicture: true }),
      );
    return () => {
      isCurrent = false;
    };
  }, [file]);
  return answer !== null && answer.file === file ? answer.isPicture : null;
}
