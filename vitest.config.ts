import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/src/**/*.test.tsx'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/*.e2e.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // vitest's default is one worker fewer than the cores: one worker on a 2-core machine, idle
    // while a file waits on bcrypt, a child process or SMTP. Two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
