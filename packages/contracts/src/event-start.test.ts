import { describe, expect, it } from 'vitest';
import { describeStart } from './event-start.ts';

describe('describeStart', () => {
  it('describes a stored start as people read it', () => {
    expect(describeStart('2026-06-20T18:05')).toEqual({ date: 'Saturday, June 20, 2026', time: '6:05 PM' });
  });
});
