import { describe, expect, it } from 'vitest';
import { BLOG_MAX_UPLOADS, blog } from './blog.ts';
import { CALLS } from './calls.ts';

describe('blog contract', () => {
  it('limits the photos per save in the call table and the editor alike', () => {
    expect(CALLS['blog.save'].files.f.maxCount).toBe(BLOG_MAX_UPLOADS);
  });

  it('reads the entries layout from JSON text and keeps only the id of a video link', () => {
    const parsed = blog['blog.save'].request.parse({
      id: '0',
      g: 'token',
      t: 'Title',
      date: '2026-01-02',
      entries: JSON.stringify([{ h: 'Hi' }, { s: ['/uploads/blog/a.jpg', 0] }, { y: 'https://youtu.be/dQw4w9WgXcQ' }]),
      rot: ['1'],
    });
    expect(parsed.entries).toEqual([{ h: 'Hi' }, { s: ['/uploads/blog/a.jpg', 0] }, { y: 'dQw4w9WgXcQ' }]);
    expect(parsed.rot).toEqual([1]);
  });

  it('refuses a layout that is not a list of entries, a file index past 29 and a turn past 3', () => {
    const base = { id: 0, g: 'token', t: 'Title', date: '2026-01-02' };
    expect(blog['blog.save'].request.safeParse({ ...base, entries: '{"h":1}' }).success).toBe(false);
    expect(blog['blog.save'].request.safeParse({ ...base, entries: JSON.stringify([{ s: [30] }]) }).success).toBe(false);
    expect(blog['blog.save'].request.safeParse({ ...base, rot: [4] }).success).toBe(false);
  });
});
