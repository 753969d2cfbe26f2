import { describe, expect, it } from 'vitest';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '@club/contracts/plain';
import {
  isPictureStart,
  IMAGE_ONLY_MESSAGE,
  JPEG_ONLY_MESSAGE,
  acceptOf,
  checkChosenFile,
  checkImageFile,
  describeRefusal,
  formatFileSize,
  isJpegFile,
  sortChosenFiles,
  turn,
} from './image-file.ts';

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

describe('HEIC photos from phones', () => {
  it('lets the chooser offer HEIC where any picture is taken, and only there', () => {
    expect(acceptOf('image').split(',')).toEqual(expect.arrayContaining(['image/*', '.heic', '.heif', 'image/heic', 'image/heif']));
    expect(acceptOf('jpeg')).not.toMatch(/heic/);
  });

  it('takes a HEIC photo the browser reports with its type or with none', () => {
    expect(checkImageFile(new File(['x'], 'IMG_0042.HEIC', { type: 'image/heic' }), 'image')).toBeNull();
    expect(checkImageFile(new File(['x'], 'IMG_0042.HEIC'), 'image')).toBeNull();
    expect(checkImageFile(new File(['x'], 'IMG_0042.heif'), 'image')).toBeNull();
    expect(checkImageFile(new File(['x'], 'IMG_0042.HEIC'), 'jpeg')).toBe(JPEG_ONLY_MESSAGE);
  });
});

describe('checkChosenFile', () => {
  it('refuses a file larger than the server takes, in the server’s words', () => {
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' });
    expect(checkChosenFile(big, 'jpeg')).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(checkChosenFile(new File(['x'], 'small.jpg', { type: 'image/jpeg' }), 'jpeg')).toBeNull();
  });

  it('takes a PDF or a picture for a newsletter, nothing else', () => {
    expect(checkChosenFile(new File(['x'], 'news.pdf', { type: 'application/pdf' }), 'image-or-pdf')).toBeNull();
    expect(checkChosenFile(new File(['x'], 'news.png', { type: 'image/png' }), 'image-or-pdf')).toBeNull();
    expect(checkChosenFile(new File(['x'], 'news.docx', { type: 'application/msword' }), 'image-or-pdf')).toMatch(/PDF or an image/);
  });
});

describe('sortChosenFiles', () => {
  const jpeg = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

  it('keeps the good files of a batch and names each refused one with its reason', () => {
    const pdf = new File(['x'], 'notes.pdf', { type: 'application/pdf' });
    const { accepted, refusals } = sortChosenFiles([jpeg('a.jpg'), pdf, jpeg('b.jpg')], 'jpeg', 10, 'Full.');
    expect(accepted.map((file) => file.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(refusals).toEqual([{ fileName: 'notes.pdf', reason: JPEG_ONLY_MESSAGE }]);
    expect(describeRefusal(refusals[0] ?? { fileName: '', reason: '' })).toBe(`“notes.pdf” was not added. ${JPEG_ONLY_MESSAGE}`);
  });

  it('refuses by name what does not fit in the room left', () => {
    const { accepted, refusals } = sortChosenFiles([jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')], 'jpeg', 1, 'A thread can have at most 10 pictures.');
    expect(accepted.map((file) => file.name)).toEqual(['a.jpg']);
    expect(refusals.map((refusal) => refusal.fileName)).toEqual(['b.jpg', 'c.jpg']);
  });
});

describe('formatFileSize', () => {
  it('reads as KB below a megabyte and MB with one decimal above', () => {
    expect(formatFileSize(10)).toBe('1 KB');
    expect(formatFileSize(840 * 1024)).toBe('840 KB');
    expect(formatFileSize(23.4 * 1024 * 1024)).toBe('23.4 MB');
  });
});

describe('turn', () => {
  it('turns by quarters both ways and wraps round', () => {
    expect(turn(0, 90)).toBe(90);
    expect(turn(270, 90)).toBe(0);
    expect(turn(0, -90)).toBe(270);
  });
});

describe('isPictureStart', () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

  it('knows JPEG, PNG, GIF, WebP and HEIC by their first bytes', () => {
    expect(isPictureStart(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(isPictureStart(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(isPictureStart(bytes('GIF89a'))).toBe(true);
    expect(isPictureStart(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe(true);
    expect(isPictureStart(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBe(true);
  });

  it('refuses a text file, a PDF and a video, whatever they are named', () => {
    expect(isPictureStart(bytes('Just some notes, not a photo.'))).toBe(false);
    expect(isPictureStart(bytes('%PDF-1.7'))).toBe(false);
    expect(isPictureStart(bytes([0, 0, 0, 24], 'ftypisom', [0, 0, 0, 0], 'isomiso2'))).toBe(false);
    expect(isPictureStart(new Uint8Array())).toBe(false);
  });
});
