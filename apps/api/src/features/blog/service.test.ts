import { describe, expect, it } from 'vitest';
import { checkLayout, legacyLayout } from './service.ts';

describe('legacyLayout', () => {
  it('puts the text first, then kept and new pictures, then one entry per video', () => {
    expect(legacyLayout('Hello', ['/uploads/blog/a.jpg'], 2, ['abcdefghijk'])).toEqual([
      { h: 'Hello' },
      { s: ['/uploads/blog/a.jpg', 0, 1] },
      { y: 'abcdefghijk' },
    ]);
    expect(legacyLayout('', [], 0, [])).toEqual([]);
  });
});

describe('checkLayout', () => {
  const current = ['/uploads/blog/a.jpg', '/uploads/blog/b.jpg'];

  it('drops blank entries and lists the new files in the order they are used', () => {
    const { entries, used } = checkLayout([{ h: '  ' }, { s: [2, '/uploads/blog/b.jpg', 0] }, { y: '' }, { s: [] }, { h: ' Hi ' }], current, 3);
    expect(entries).toEqual([{ s: [2, '/uploads/blog/b.jpg', 0] }, { h: 'Hi' }]);
    expect(used).toEqual([2, 0]);
  });

  it('refuses a picture from elsewhere, a missing file, repeats and an empty post', () => {
    expect(() => checkLayout([{ s: ['/uploads/members/x.jpg'] }], current, 0)).toThrow(/no longer on it/);
    expect(() => checkLayout([{ s: [1] }], current, 1)).toThrow(/did not arrive/);
    expect(() => checkLayout([{ s: [0, 0] }], current, 1)).toThrow(/twice/);
    expect(() => checkLayout([{ s: ['/uploads/blog/a.jpg'] }, { s: ['/uploads/blog/a.jpg'] }], current, 0)).toThrow(/twice/);
    expect(() => checkLayout([{ h: '' }], current, 0)).toThrow(/add some text/);
  });
});
