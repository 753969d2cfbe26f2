import { describe, expect, it } from 'vitest';
import { readHeicPhoto } from '../../test/images.ts';
import { isHeic, sniffFileType, typeNamed } from './file-type.ts';

/** The start of an ISO-BMFF file: an ftyp box with a major brand and compatible brands. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size + 8);
  box.writeUInt32BE(size, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  compatible.forEach((brand, n) => box.write(brand, 16 + 4 * n, 'latin1'));
  box.write('meta', size + 4, 'latin1');
  return box;
}

describe('isHeic', () => {
  it('knows a real iPhone-style HEIC by its content', () => {
    expect(isHeic(readHeicPhoto())).toBe(true);
    expect(sniffFileType(readHeicPhoto())).toBe('heic');
  });

  it.each(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1'])('takes the major brand %s', (brand) => {
    expect(isHeic(ftyp(brand, 'mif1'))).toBe(true);
  });

  it('takes a HEVC brand among the compatible ones', () => {
    expect(isHeic(ftyp('isom', 'mif1', 'heic'))).toBe(true);
  });

  it('refuses AVIF, MP4 video and files that only carry a .heic name', () => {
    expect(isHeic(ftyp('avif', 'mif1', 'miaf'))).toBe(false);
    expect(isHeic(ftyp('mif1', 'avif', 'miaf'))).toBe(false);
    expect(isHeic(ftyp('isom', 'iso2', 'mp41'))).toBe(false);
    expect(isHeic(Buffer.from('Not a photo at all, only words.'))).toBe(false);
    expect(isHeic(Buffer.alloc(0))).toBe(false);
  });

  it('reads no further than a real ftyp box would go, whatever size the box claims', () => {
    const forged = Buffer.concat([ftyp('isom'), Buffer.alloc(1_000_000), Buffer.from('heic')]);
    forged.writeUInt32BE(forged.length, 0);
    expect(isHeic(forged)).toBe(false);
  });
});

describe('typeNamed', () => {
  it('reads what a name claims from its extension, in any case, and nothing from an unknown one', () => {
    expect(typeNamed('Valley News May 2025.PDF')).toEqual({ type: 'pdf', extension: 'pdf' });
    expect(typeNamed('IMG_0001.heif')).toEqual({ type: 'heic', extension: 'heif' });
    expect(typeNamed('front.JPG')).toEqual({ type: 'jpeg', extension: 'jpg' });
    expect(typeNamed('fall-tour.gpx')).toEqual({ type: 'xml', extension: 'gpx' });
    expect(typeNamed('notes.txt')).toBeUndefined();
    expect(typeNamed('no extension')).toBeUndefined();
  });
});
