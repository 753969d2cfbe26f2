import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files that replace a module (`vi.mock`, `vi.doMock`) for their own tests: they get a fresh module graph.
 * Every other file shares its worker's modules with the files run before it (isolate: false),
 * which saves importing the app (Express, Drizzle, sharp, mupdf, ...) anew for each of about 130
 * files: the import phase fell from 598 s to 86 s of worker time. That is safe because nothing
 * in the app holds module-level state (createApp receives all it uses; STYLE.md).
 */
const NEEDS_OWN_MODULES = ['apps/api/src/services/mail-load.test.ts', 'apps/api/src/features/routes/route-pdf-limits.api.test.ts'];
const UNIT_FILES = ['scripts/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/src/**/*.test.tsx'];
const NOT_UNIT = ['**/node_modules/**', '**/dist/**', '**/*.e2e.test.ts'];
/** The web app's component tests: forms, dialogs and editors rendered in jsdom with Testing Library. */
const COMPONENT_FILES = ['apps/web/src/**/*.dom.test.tsx'];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // vitest's default is one worker fewer than the cores: one worker on a 2-core machine, idle
    // while a file waits on bcrypt, a child process or SMTP. Two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: { name: 'shared-modules', isolate: false, include: UNIT_FILES, exclude: [...NOT_UNIT, ...NEEDS_OWN_MODULES, ...COMPONENT_FILES] },
      },
      {
        extends: true,
        test: { name: 'components', environment: 'jsdom', isolate: false, include: COMPONENT_FILES, setupFiles: ['apps/web/test/dom-setup.ts'] },
      },
      { extends: true, test: { name: 'own-modules', isolate: true, include: NEEDS_OWN_MODULES } },
    ],
  },
});
