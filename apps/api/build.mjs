// Bundles the server into dist/ with esbuild: our TypeScript (and the workspace contracts)
// is bundled; every npm dependency stays external and is installed beside it, except the two
// plain-ESM ones every start loads file by file.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * zod and drizzle-orm are about 210 small ES modules that each start resolved and loaded one by
 * one; bundled, the start takes about 80 ms less CPU for 2-3 MB more RSS (issue 16,
 * docs/PERFORMANCE.md). Both are plain ESM without native parts or files read at run time.
 */
const BUNDLED = ['zod', 'drizzle-orm'];

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@club/') && !BUNDLED.includes(name));

await build({
  entryPoints: ['src/server.ts', 'src/cli.ts'],
  outdir: process.env.OUT_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Stack traces need only the mappings; the sources' text would make the map that
  // --enable-source-maps (the Docker image) reads at start three times larger.
  sourcesContent: false,
  external,
  logLevel: 'warning',
});
