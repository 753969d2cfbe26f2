import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readHeicPhoto, readTruncatedHeic } from '../../test/images.ts';
import { decodeHeic, HeicDecodeError } from './heic-decoder.ts';

const loadedModules = () => Object.keys(createRequire(import.meta.url).cache);

describe('decodeHeic', () => {
  it('decodes a real HEIC into upright RGBA pixels in a worker, never loading libheif into the server', async () => {
    const { width, height, data } = await decodeHeic(readHeicPhoto(), 50_000_000);
    expect({ width, height, bytes: data.length }).toEqual({ width: 640, height: 480, bytes: 640 * 480 * 4 });
    // The top left is the light blue sky of the picture, fully opaque.
    const [r = 0, g = 0, b = 0, a = 0] = data.subarray(0, 4);
    expect(b).toBeGreaterThan(r + 40);
    expect(g).toBeGreaterThan(150);
    expect(a).toBe(255);
    expect(loadedModules().filter((file) => /heic-decode|libheif/.test(file))).toEqual([]);
  });

  it('refuses a photo over the pixel limit before decoding it', async () => {
    await expect(decodeHeic(readHeicPhoto(), 640 * 480 - 1)).rejects.toEqual(new HeicDecodeError('too-large'));
  });

  it('refuses a HEIC cut short, and bytes that only start like one', async () => {
    await expect(decodeHeic(readTruncatedHeic(), 50_000_000)).rejects.toEqual(new HeicDecodeError('unreadable'));
    const header = Buffer.concat([readHeicPhoto().subarray(0, 28), Buffer.from('nothing more')]);
    await expect(decodeHeic(header, 50_000_000)).rejects.toEqual(new HeicDecodeError('unreadable'));
  });
});
