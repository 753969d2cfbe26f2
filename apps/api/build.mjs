// Bundles the server into dist/ with esbuild: our TypeScript (and the workspace contracts)
// is bundled; every npm dependency stays external and is installed beside it.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@club/'));

await build({
  entryPoints: ['src/server.ts', 'src/cli.ts'],
  outdir: process.env.OUT_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
