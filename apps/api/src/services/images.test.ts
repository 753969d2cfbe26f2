import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import sharp from 'sharp';
import { imageSources } from '@club/contracts';
import { makeJpeg } from '../../test/images.ts';
import { createImageService, type ImageService } from './images.ts';

let dataDir: string;
let images: ImageService;
const options = { folder: 'things', maxSize: 100 };

/** Every stored upload, as its URL. */
const storedUrls = () => {
  const dir = path.join(dataDir, 'uploads', 'things');
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => `/uploads/things/${name}`) : [];
};

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-images-'));
  images = createImageService(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('saveWithUploads', () => {
  it('hands the write the stored URLs in order and keeps them when it succeeds', async () => {
    const jpeg = await makeJpeg(20, 20);
    const result = await images.saveWithUploads([{ buffer: jpeg, options }, undefined], (urls) => ({ result: urls }));
    expect(result).toHaveLength(2);
    expect(result[1]).toBeUndefined();
    expect(storedUrls()).toEqual([result[0]]);
  });

  it('removes the files it stored when the write throws, and passes the error on', async () => {
    const jpeg = await makeJpeg(20, 20);
    const failing = images.saveWithUploads(
      [
        { buffer: jpeg, options },
        { buffer: jpeg, options },
      ],
      () => {
        throw new Error('the write failed');
      },
    );
    await expect(failing).rejects.toThrow('the write failed');
    expect(storedUrls()).toEqual([]);
  });

  it('removes the files already stored when a later one cannot be read', async () => {
    const jpeg = await makeJpeg(20, 20);
    const failing = images.saveWithUploads(
      [
        { buffer: jpeg, options },
        { buffer: Buffer.from('not a photo'), options },
      ],
      () => ({
        result: 'written',
      }),
    );
    await expect(failing).rejects.toMatchObject({ status: 415 });
    expect(storedUrls()).toEqual([]);
  });

  it('removes dropped files only after the write succeeded, never one it just stored', async () => {
    const old = await images.storeJpeg(await makeJpeg(20, 20), options);
    const kept = await images.storeJpeg(await makeJpeg(20, 20), options);
    let seenDuringWrite: string[] = [];
    const [fresh] = await images.saveWithUploads([{ buffer: await makeJpeg(20, 20), options }], (urls) => {
      seenDuringWrite = storedUrls();
      return { result: urls, dropped: [old, urls[0], undefined] };
    });
    expect(seenDuringWrite).toContain(old);
    expect(storedUrls().sort()).toEqual([kept, fresh].sort());
  });

  it('keeps the dropped files when the write fails', async () => {
    const old = await images.storeJpeg(await makeJpeg(20, 20), options);
    const failing = images.saveWithUploads([], () => {
      throw new Error('no');
    });
    await expect(failing).rejects.toThrow('no');
    expect(storedUrls()).toEqual([old]);
  });
});

describe('renditions', () => {
  const withRenditions = { folder: 'things', maxSize: 2048 };
  const fileOf = (url: string) => path.join(dataDir, url.replace(/^\//, ''));

  it('bounds the full size, stores 480 and 1024 px copies named so the page can build srcset', async () => {
    const [url = ''] = await images.saveWithUploads([{ buffer: await makeJpeg(3000, 2000), options: withRenditions }], (urls) => ({ result: urls }));
    const sources = imageSources(url);
    expect(sources).toMatchObject({ width: 2048, height: 1365 });
    const candidates = [sources.srcSet, sources.webpSrcSet].filter(Boolean).join(', ').split(', ');
    expect(candidates.length).toBeGreaterThanOrEqual(3);
    for (const candidate of candidates) {
      const [candidateUrl = '', descriptor = ''] = candidate.split(' ');
      const meta = await sharp(fileOf(candidateUrl)).metadata();
      expect(`${meta.width}w`).toBe(descriptor);
    }
    expect(storedUrls().sort()).toEqual(candidates.map((c) => c.split(' ')[0]).sort());
  });

  it('stores one JPEG when asked for no copies, and names a small picture by its size only', async () => {
    const [plain = ''] = await images.saveWithUploads([{ buffer: await makeJpeg(1200, 900), options: { ...withRenditions, renditions: false } }], (urls) => ({
      result: urls,
    }));
    expect(imageSources(plain)).toEqual({ src: plain });
    const [small = ''] = await images.saveWithUploads([{ buffer: await makeJpeg(300, 200), options: withRenditions }], (urls) => ({ result: urls }));
    expect(imageSources(small)).toEqual({ src: small, width: 300, height: 200, srcSet: `${small} 300w` });
    expect(storedUrls().sort()).toEqual([plain, small].sort());
  });

  it('removes the copies with the picture, and nothing else', async () => {
    const other = await images.storeJpeg(await makeJpeg(20, 20), options);
    const [url = ''] = await images.saveWithUploads([{ buffer: await makeJpeg(1200, 900), options: withRenditions }], (urls) => ({ result: urls }));
    expect(storedUrls().length).toBeGreaterThan(2);
    images.remove(url);
    expect(storedUrls()).toEqual([other]);
  });
});
