import { describe, expect, it } from 'vitest';
import { IMAGE_ONLY_MESSAGE, JPEG_ONLY_MESSAGE, centredSquare, checkImageFile, clampCrop, isJpegFile, resizeCrop, turn } from './image-file.ts';

describe('isJpegFile', () => {
  it('goes by the type, including the old image/pjpeg, whatever the name', () => {
    expect(isJpegFile(new File(['x'], 'a.png', { type: 'image/jpeg' }))).toBe(true);
    expect(isJpegFile(new File(['x'], 'scan.jpg', { type: 'image/pjpeg' }))).toBe(true);
    expect(isJpegFile(new File(['x'], 'a.jpg', { type: 'image/png' }))).toBe(false);
  });

  it('goes by the name (.jpg, .jpeg, .jfif) only when the browser gives no type', () => {
    expect(isJpegFile(new File(['x'], 'photo.JPEG'))).toBe(true);
    expect(isJpegFile(new File(['x'], 'photo.jfif'))).toBe(true);
    expect(isJpegFile(new File(['x'], 'notes.txt'))).toBe(false);
  });
});

describe('checkImageFile', () => {
  it('asks for a JPEG or for any image, as the call takes', () => {
    const png = new File(['x'], 'a.png', { type: 'image/png' });
    expect(checkImageFile(png, 'jpeg')).toBe(JPEG_ONLY_MESSAGE);
    expect(checkImageFile(png, 'image')).toBeNull();
    expect(checkImageFile(new File(['x'], 'a.pdf', { type: 'application/pdf' }), 'image')).toBe(IMAGE_ONLY_MESSAGE);
  });
});

describe('turn', () => {
  it('turns by quarters both ways and wraps round', () => {
    expect(turn(0, 90)).toBe(90);
    expect(turn(270, 90)).toBe(0);
    expect(turn(0, -90)).toBe(270);
  });
});

describe('crops', () => {
  it('starts as the largest centred square', () => {
    expect(centredSquare(1200, 800)).toEqual({ x: 200, y: 0, size: 800 });
  });

  it('keeps a square inside the image', () => {
    expect(clampCrop({ x: 1000, y: -5, size: 400 }, 1200, 800)).toEqual({ x: 800, y: 0, size: 400 });
    expect(clampCrop({ x: 0, y: 0, size: 5000 }, 1200, 800)).toEqual({ x: 0, y: 0, size: 800 });
    expect(clampCrop({ x: 0, y: 0, size: 3 }, 1200, 800, 50).size).toBe(50);
  });

  it('resizes around the centre', () => {
    expect(resizeCrop({ x: 200, y: 0, size: 800 }, 400, 1200, 800)).toEqual({ x: 400, y: 200, size: 400 });
  });
});
