import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The journeys, longest first (as measured with `--reporter=json`; E2E_PROFILE=<file> says where a
 * file's time goes): with files spread over workers, a long one started last would run alone at
 * the end. A new file not listed here runs first, in vitest's own order, until it is placed.
 * Order of the quiet fresh-clone run of 2026-11-28 (events 139 s ... budgets 5 s at two workers),
 * with classifieds moved down for the 20 s wait it no longer has, and phone-menu (44 s) and
 * first-answers (28 s), which ran last by themselves, moved up (a run of 2026-11-28 evening).
 * Newer files (layout-at-every-width, keep-what-you-typed, check-the-outgoing-mail) stand where
 * most of the journeys they hold stood in that run, until a run measures them.
 */
const LONGEST_FIRST = [
  'events',
  'keep-what-you-typed',
  'layout-at-every-width',
  'history-editing',
  'members',
  'series',
  'phone-menu',
  'blog',
  'tours',
  'forum',
  'public-pages',
  'newsletters',
  'notifications',
  'garage',
  'first-answers',
  'check-the-outgoing-mail',
  'accessibility',
  'classifieds',
  'dialogs-and-focus',
  'sign-in',
  'shell',
  'routes',
  'account',
  'search',
  'image-picker',
  'digest',
  'rendered-safely',
  'member-data',
  'prerendered-home',
  'form-voice',
  'page-loading',
  'budgets',
];

const rank = (spec: TestSpecification): number => {
  const name = /([^/\\]+)\.e2e\.test\.ts$/.exec(spec.moduleId)?.[1] ?? '';
  const index = LONGEST_FIRST.indexOf(name);
  return index === -1 ? -1 : index;
};

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byVitest = await super.sort(files);
    return byVitest
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}

/**
 * Browser journeys against the built server; run from the repository root. Each file starts its
 * own server on a free port with its own DATA_DIR and its own Chromium (harness.ts), so files run
 * side by side: E2E_WORKERS at a time (default 2, which keeps a 2-core machine busy while one
 * file waits on its browser).
 */
export default defineConfig({
  root: repoRoot,
  test: {
    include: ['apps/web/e2e/**/*.e2e.test.ts'],
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    // The longest journey takes about 25 s at two workers on a quiet 2-core machine, and 53 s with
    // four files at once (docs/decisions/010-test-suite-time.md): a slower runner must not
    // fail a journey that works.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // expect.poll's own default is 1 s: on a slow CI machine a call, an image or a cookie the page
    // is waiting for can take longer. A poll passes as soon as it holds, so only a failure waits.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: true,
    // A worker imports vitest, Playwright and the harness once for all the files it runs, not
    // once per file (each file still starts its own server, data and Chromium in beforeAll).
    isolate: false,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    sequence: { sequencer: LongestFirst },
  },
});
