// Bundles the server into dist/ with esbuild: our TypeScript (the workspace contracts too) and
// the plain-JavaScript dependencies every start loads; the native ones, the heavy ones loaded on
// first use, and those that find their own files at run time stay external, installed beside it.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * Loaded at every start as hundreds of small files (zod and drizzle-orm alone about 210 ES
 * modules, express and its dependencies about 100 CommonJS ones), each resolved and read one by
 * one: bundled, the start takes 380 -> 280 ms of CPU and about 5 MB less idle RSS, for about
 * 5 MB more at the peak under load (issue 16, docs/PERFORMANCE.md). Only pure JavaScript that needs no file of its own at run time: pino
 * (its worker threads), node-cron (forks its daemon.js), better-sqlite3, bcrypt and sharp
 * (native), mupdf (reads its .wasm beside it), nodemailer and web-push (loaded on first use)
 * stay external.
 */
const BUNDLED = ['zod', 'drizzle-orm', 'express', 'helmet', 'compression', 'express-static-gzip', 'busboy', 'pino-http', 'dayjs', 'ical-generator'];

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@club/') && !BUNDLED.includes(name));

await build({
  // The cover renderer runs in a child process of its own (services/pdf-covers.ts finds it
  // beside server.js and cli.js).
  entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts', 'pdf-cover-worker': 'src/services/pdf-cover-worker.ts' },
  outdir: process.env.OUT_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Stack traces need only the mappings; the sources' text would make the map that
  // --enable-source-maps (the Docker image) reads at start three times larger.
  sourcesContent: false,
  // The bundled CommonJS packages require() Node's built-ins (and pino); an ES module has no
  // require of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  external,
  logLevel: 'warning',
});
