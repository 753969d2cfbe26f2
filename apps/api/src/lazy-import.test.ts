import { describe, expect, it } from 'vitest';
import { lazyImport } from './lazy-import.ts';

describe('lazyImport', () => {
  it('loads nothing until asked, then loads once for every caller', async () => {
    let loads = 0;
    const load = lazyImport('thing', async () => {
      loads += 1;
      return { value: 42 };
    });
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(a.value).toBe(42);
    expect(loads).toBe(1);
  });

  it('names the package when the load fails, and tries again on the next call', async () => {
    const broken = new Error('libvips-cpp.so: cannot open shared object file');
    let loads = 0;
    const load = lazyImport('sharp', async () => {
      loads += 1;
      if (loads === 1) throw broken;
      return 'loaded';
    });
    const failure = await load().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('Could not load sharp: libvips-cpp.so: cannot open shared object file');
    expect((failure as Error).cause).toBe(broken);
    expect(await load()).toBe('loaded');
    expect(loads).toBe(2);
  });
});
