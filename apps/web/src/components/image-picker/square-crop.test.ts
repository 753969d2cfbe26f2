import { describe, expect, it } from 'vitest';
import { centredSquare, clampCrop, resizeCrop } from './square-crop.ts';

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
