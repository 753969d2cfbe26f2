import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** A plain JPEG of the given size, as a camera would send (optionally with an EXIF orientation). */
export function makeJpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#6b1d2a' } }).jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

export function makePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
}

/** The pixel size of a stored image, to check resizing from outside the server. */
export async function imageSize(buffer: Buffer): Promise<{ width: number; height: number; format: string }> {
  const { width = 0, height = 0, format = '' } = await sharp(buffer).metadata();
  return { width, height, format };
}

/** A small JPEG whose header claims `side` x `side` pixels (16,000: decoding it whole would need 768 MB). */
export async function hugeJpeg(side = 16_000): Promise<Buffer> {
  const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } })
    .jpeg()
    .toBuffer();
  const huge = Buffer.from(small);
  const frame = huge.indexOf(Buffer.from([0xff, 0xc0]));
  huge.writeUInt16BE(side, frame + 5);
  huge.writeUInt16BE(side, frame + 7);
  return huge;
}

/** A real HEIC photo (640 x 480) carrying EXIF with a GPS position; test/fixtures/README.md says how it was made. */
export const readHeicPhoto = (): Buffer => fs.readFileSync(fileURLToPath(new URL('./fixtures/model-a-gps.heic', import.meta.url)));

/** The same HEIC cut off halfway, as an interrupted copy from a phone leaves it: its header still says HEIC. */
export const readTruncatedHeic = (): Buffer => {
  const whole = readHeicPhoto();
  return whole.subarray(0, Math.floor(whole.length / 2));
};
