import type { Crop } from '@club/contracts';
import { useEffect, useState } from 'react';

/** A square part of an image in the image's own pixels, as the server's `ic` field wants. */
export type { Crop };

/** A quarter turn clockwise, as the server's `rot` fields count it. */
export type Rotation = 0 | 90 | 180 | 270;

/** What a picker accepts, named as the contracts' file kinds. */
export type ImageKind = 'jpeg' | 'image';

export const JPEG_ONLY_MESSAGE = 'Please choose a JPEG photo (.jpg or .jpeg); other file types are not accepted.';
export const IMAGE_ONLY_MESSAGE = 'Please choose an image file (JPEG, PNG, WebP or GIF).';

/** Older Windows browsers report progressive JPEGs as image/pjpeg. */
const JPEG_TYPES = ['image/jpeg', 'image/pjpeg'];
/** When the browser gives no type, the name decides: .jpg, .jpeg and .jfif are all JPEG. */
const JPEG_NAME = /\.(jpe?g|jfif)$/i;

/** The one JPEG check before upload; the server decodes the file to be sure. */
export function isJpegFile(file: File): boolean {
  return JPEG_TYPES.includes(file.type) || (file.type === '' && JPEG_NAME.test(file.name));
}

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/') || isJpegFile(file);
}

/** The `accept` attribute of a file input for a kind; it only guides the browser's chooser. */
export function acceptOf(kind: ImageKind): string {
  return kind === 'jpeg' ? 'image/jpeg,.jpg,.jpeg,.jfif' : 'image/*';
}

/** The message for a chosen file that is not of the kind, or null when it is. */
export function checkImageFile(file: File, kind: ImageKind): string | null {
  if (kind === 'jpeg') return isJpegFile(file) ? null : JPEG_ONLY_MESSAGE;
  return isImageFile(file) ? null : IMAGE_ONLY_MESSAGE;
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
  return (((rotation + by) % 360) + 360) % 360 as Rotation;
}

/** The largest centred square of an image. */
export function centredSquare(width: number, height: number): Crop {
  const size = Math.min(width, height);
  return { x: Math.floor((width - size) / 2), y: Math.floor((height - size) / 2), size };
}

/** Keeps a square inside the image and at least `minSize` pixels wide, in whole pixels. */
export function clampCrop(crop: Crop, width: number, height: number, minSize = 1): Crop {
  const largest = Math.min(width, height);
  const size = Math.round(Math.min(largest, Math.max(Math.min(minSize, largest), crop.size)));
  const x = Math.round(Math.min(Math.max(0, crop.x), width - size));
  const y = Math.round(Math.min(Math.max(0, crop.y), height - size));
  return { x, y, size };
}

/** Resizing keeps the square's centre where it was, as a member expects from a zoom slider. */
export function resizeCrop(crop: Crop, size: number, width: number, height: number, minSize = 1): Crop {
  const centreX = crop.x + crop.size / 2;
  const centreY = crop.y + crop.size / 2;
  return clampCrop({ x: centreX - size / 2, y: centreY - size / 2, size }, width, height, minSize);
}
