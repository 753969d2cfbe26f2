import { describe, expect, it } from 'vitest';
import { extractVideoId, imageSources, renditionStemOf } from './media.ts';

describe('extractVideoId', () => {
  const id = 'dQw4w9WgXcQ';
  it.each([
    [id],
    [`  ${id}  `],
    [`https://www.youtube.com/watch?v=${id}`],
    [`https://youtube.com/watch?feature=share&v=${id}&t=42s`],
    [`http://m.youtube.com/watch?v=${id}`],
    [`https://music.youtube.com/watch?v=${id}&list=RD`],
    [`https://youtu.be/${id}`],
    [`https://youtu.be/${id}?si=abc&t=10`],
    [`youtu.be/${id}`],
    [`www.youtube.com/watch?v=${id}`],
    [`https://www.youtube.com/embed/${id}?rel=0`],
    [`https://www.youtube-nocookie.com/embed/${id}`],
    [`https://www.youtube.com/shorts/${id}`],
    [`https://www.youtube.com/live/${id}?feature=shared`],
    [`https://www.youtube.com/v/${id}`],
  ])('keeps only the id of %s', (input) => {
    expect(extractVideoId(input)).toBe(id);
  });

  it.each([
    [''],
    ['not a video'],
    ['dQw4w9WgXc'],
    ['dQw4w9WgXcQQ'],
    ['https://vimeo.com/123456789'],
    [`https://example.com/watch?v=${id}`],
    ['https://www.youtube.com/watch?v=short'],
    ['https://www.youtube.com/channel/UC1234567890'],
  ])('gives an empty id for %s', (input) => {
    expect(extractVideoId(input)).toBe('');
  });
});

describe('imageSources', () => {
  it('lists the smaller copies and the full size with widths, and WebP when stored', () => {
    const sources = imageSources('/uploads/blog/abc_2048x1536_webp.jpg');
    expect(sources).toEqual({
      src: '/uploads/blog/abc_2048x1536_webp.jpg',
      width: 2048,
      height: 1536,
      srcSet: '/uploads/blog/abc_2048x1536_webp.480.jpg 480w, /uploads/blog/abc_2048x1536_webp.1024.jpg 1024w, /uploads/blog/abc_2048x1536_webp.jpg 2048w',
      webpSrcSet:
        '/uploads/blog/abc_2048x1536_webp.480.webp 480w, /uploads/blog/abc_2048x1536_webp.1024.webp 1024w, /uploads/blog/abc_2048x1536_webp.webp 2048w',
    });
  });

  it('offers only copies smaller than the picture, and no WebP unless named', () => {
    expect(imageSources('/uploads/blog/abc_600x400.jpg')).toEqual({
      src: '/uploads/blog/abc_600x400.jpg',
      width: 600,
      height: 400,
      srcSet: '/uploads/blog/abc_600x400.480.jpg 480w, /uploads/blog/abc_600x400.jpg 600w',
    });
  });

  it('gives just the URL for pictures stored without renditions', () => {
    expect(imageSources('/uploads/members/3f2a.jpg')).toEqual({ src: '/uploads/members/3f2a.jpg' });
    expect(renditionStemOf('/uploads/members/3f2a.jpg')).toBeUndefined();
    expect(renditionStemOf('/uploads/blog/a_10x20.jpg')).toBe('/uploads/blog/a_10x20');
  });
});
