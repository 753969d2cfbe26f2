import type { Crop } from '@club/contracts';

// The square cropper's arithmetic (square-cropper.tsx), loaded with it: the other pickers never crop.

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
