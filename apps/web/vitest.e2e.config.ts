import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Browser journeys against the built server; run from the repository root. */
export default defineConfig({
  root: repoRoot,
  test: {
    include: ['apps/web/e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
