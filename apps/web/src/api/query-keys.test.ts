import { describe, expect, it } from 'vitest';
import { callQueryKey, isViewerDependent } from './query-keys.ts';

describe('isViewerDependent', () => {
  it('keys by viewer every call behind a login and the public registry reads that show members more', () => {
    expect(isViewerDependent('events.get')).toBe(true);
    expect(isViewerDependent('car.get')).toBe(true);
    expect(isViewerDependent('cars.list')).toBe(true);
    expect(isViewerDependent('cars.stats')).toBe(true);
    expect(isViewerDependent('blog.page')).toBe(false);
    expect(isViewerDependent('bodyStyles.get')).toBe(false);
  });

  it('gives a visitor and a member different keys for the same car', () => {
    expect(callQueryKey('car.get', { id: 1 }, null)).not.toEqual(callQueryKey('car.get', { id: 1 }, 'token'));
  });
});
