import { describe, expect, it } from 'vitest';

type Constructors = Pick<typeof Intl, 'DateTimeFormat' | 'NumberFormat' | 'Collator'>;

/**
 * The modules of the chunk every reading page loads (`call-query` in vite.config.ts) make no Intl
 * formatter as they load: a page's first one starts ICU's locale data, one task of 10-50 ms on
 * the main thread (more on a phone), which counted as blocking time on the pages that format no
 * date at all (the registry, a visitor's events page; docs/decisions/009-page-bytes-and-long-tasks.md, "Long tasks"). A
 * formatter is made where a page uses it, or the text is put together without one.
 */
describe('the reads every page loads', () => {
  it('make no Intl formatter when they load', async () => {
    const made: string[] = [];
    const originals: Constructors = { DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat, Collator: Intl.Collator };
    const counting = <T extends object>(name: string, target: T): T =>
      new Proxy(target, {
        construct(constructor, args) {
          made.push(name);
          return Reflect.construct(constructor as new (...args: unknown[]) => object, args) as T;
        },
      });
    Object.assign(Intl, {
      DateTimeFormat: counting('DateTimeFormat', originals.DateTimeFormat),
      NumberFormat: counting('NumberFormat', originals.NumberFormat),
      Collator: counting('Collator', originals.Collator),
    });
    try {
      // A query makes each a fresh module, evaluated here even if another test file loaded it.
      const modules = import.meta.glob(
        ['./call-query.ts', '../features/*/api/*.ts', '../lib/plural.ts', '../features/history/history-rules.ts', '../features/routes/route-draft.ts'],
        {
          query: '?load-check',
        },
      );
      expect(Object.keys(modules).length).toBeGreaterThan(20);
      for (const load of Object.values(modules)) await load();
    } finally {
      Object.assign(Intl, originals);
    }
    expect(made).toEqual([]);
  });
});
