import { describe, expect, it } from 'vitest';
import type { BlogPost } from '@club/contracts';
import { entriesOf, moveEntry, toSaveParts, videoIdOf, type EditorEntry } from './editor-entries.ts';

const file = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('toSaveParts', () => {
  it('keeps the order, names kept pictures by URL and new ones by their index with their turns', () => {
    const a = file('a.jpg');
    const b = file('b.jpg');
    const entries: EditorEntry[] = [
      {
        key: '1',
        kind: 'pictures',
        pictures: [
          { key: 'p', kind: 'new', file: a, rotation: 90 },
          { key: 'q', kind: 'saved', url: '/uploads/blog/x.jpg' },
        ],
      },
      { key: '2', kind: 'text', text: 'Hello' },
      { key: '3', kind: 'video', videoId: 'dQw4w9WgXcQ' },
      { key: '4', kind: 'pictures', pictures: [{ key: 'r', kind: 'new', file: b, rotation: 270 }] },
      { key: '5', kind: 'text', text: '   ' },
      { key: '6', kind: 'video', videoId: '' },
      { key: '7', kind: 'pictures', pictures: [] },
    ];
    expect(toSaveParts(entries)).toEqual({
      layout: [{ s: [0, '/uploads/blog/x.jpg'] }, { h: 'Hello' }, { y: 'dQw4w9WgXcQ' }, { s: [1] }],
      files: [a, b],
      rot: [1, 3],
    });
  });
});

describe('entriesOf', () => {
  it('starts a new post with one empty text entry and turns a saved post into entries', () => {
    expect(entriesOf(undefined)).toMatchObject([{ kind: 'text', text: '' }]);
    const post: BlogPost = {
      id: 1,
      title: 't',
      date: '2026-01-01',
      modifiedKey: 1,
      text: 'Hi',
      images: ['/u/a.jpg'],
      ytVideos: ['dQw4w9WgXcQ'],
      htmlData: [{ h: 'Hi' }, { s: ['/u/a.jpg'] }, { y: 'dQw4w9WgXcQ' }],
    };
    expect(entriesOf(post)).toMatchObject([
      { kind: 'text', text: 'Hi' },
      { kind: 'pictures', pictures: [{ kind: 'saved', url: '/u/a.jpg' }] },
      { kind: 'video', videoId: 'dQw4w9WgXcQ' },
    ]);
  });
});

describe('moveEntry', () => {
  it('moves up and down and leaves the ends in place', () => {
    expect(moveEntry(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('videoIdOf (the video field)', () => {
  it('keeps only the id of a link or a bare id, else empty', () => {
    expect(videoIdOf('https://youtu.be/dQw4w9WgXcQ?t=3')).toBe('dQw4w9WgXcQ');
    expect(videoIdOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(videoIdOf('dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(videoIdOf('https://vimeo.com/1')).toBe('');
    expect(videoIdOf('hello')).toBe('');
  });
});
