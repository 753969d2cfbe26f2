// Bundles the server into dist/ with esbuild: our TypeScript (the workspace contracts too) and
// the plain-JavaScript dependencies every start loads; the native ones, the heavy ones loaded on
// first use, and those that find their own files at run time stay external, installed beside it.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Loaded at every start as hundreds of small files (zod and drizzle-orm alone about 210 ES
 * modules, express and its dependencies about 100 CommonJS ones), each resolved and read one by
 * one: bundled, the start takes 380 -> 280 ms of CPU and about 5 MB less idle RSS, for about
 * 5 MB more at the peak under load (docs/decisions/008-server-start-and-memory.md). Only pure JavaScript that needs no file of its own at run time: pino
 * (its worker threads), node-cron (forks its daemon.js), better-sqlite3, bcrypt and sharp
 * (native), mupdf (reads its .wasm beside it), nodemailer and web-push (loaded on first use)
 * stay external. So does iconv-lite, a dependency of its own for that: body-parser requires it
 * at every start, and bundled its code pages were 495 KB of the bundle's 2.1 MB, compiled at
 * every start; from node_modules it loads its tables only when a first body is decoded (site
 * cold start 317 -> 294 ms, median of 11, issue 28).
 */
const BUNDLED = ['zod', 'drizzle-orm', 'express', 'helmet', 'compression', 'express-static-gzip', 'busboy', 'pino', 'pino-http', 'dayjs', 'ical-generator'];

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// esbuild: only development and tests import it (services/pdf-covers.ts builds the cover
// renderer from its TypeScript there); bundled, it was 100 KB of source every start reads.
const external = [...Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@club/') && !BUNDLED.includes(name)), 'esbuild'];
const OUT_DIR = process.env.OUT_DIR ?? 'dist';

/**
 * zod's namespace (`import { z } from 'zod'`) re-exports every one of its 49 locales as
 * `z.locales` (and `z.core.locales`), 340 KB of source every start parses and keeps, of which the site uses English
 * alone (its messages are English; zod registers `en` itself, from its own file). The locales'
 * index is replaced by one that gives English only. The build fails if zod no longer asks for
 * that index, rather than silently keep them all.
 */
let zodLocalesReplaced = 0;
const englishZodOnly = {
  name: 'english-zod-only',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]zod[\\/]v4[\\/](classic|core|mini)[\\/]/.test(args.importer)) return undefined;
      zodLocalesReplaced += 1;
      return { path: path.join(path.dirname(args.importer), '..', 'locales', 'en.js'), namespace: 'zod-english' };
    });
    builder.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: path.dirname(args.path),
    }));
  },
};

// Chunk names carry their content's hash: the last build's would stay beside the new ones.
rmSync(path.join(OUT_DIR, 'chunks'), { recursive: true, force: true });

await build({
  // The cover renderer and the route book renderer run in child processes of their own
  // (services/pdf-covers.ts and features/routes/route-pdf-renderer.ts find them beside server.js),
  // GPX files are read in a worker thread (features/routes/gpx-reader.ts, the same way).
  entryPoints: {
    server: 'src/server.ts',
    cli: 'src/cli.ts',
    'pdf-cover-worker': 'src/services/pdf-cover-worker.ts',
    'route-pdf-worker': 'src/features/routes/route-pdf-worker.ts',
    'gpx-worker': 'src/features/routes/gpx-worker.ts',
  },
  outdir: OUT_DIR,
  bundle: true,
  // The calls' zod schemas load on the first call (src/http/call-contracts.ts imports them), so
  // they go in a chunk of their own; code the entry points share goes in chunks too.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Stack traces need only the mappings; the sources' text would make the map that
  // --enable-source-maps (the Docker image) reads at start three times larger.
  sourcesContent: false,
  // V8 keeps a module's whole source in the heap, two bytes a character if any one is not ASCII
  // (a comment of iconv-lite's or ours was enough): 6 MB for the 3.1 MB server.js. Without
  // comments and indentation, and ASCII only, it is 2.4 MB held as 2.4 MB: idle RSS 105 -> 96-100
  // MiB (issue 28). Names stay, and the map gives lines and columns (the image runs with
  // --enable-source-maps).
  minifyWhitespace: true,
  minifySyntax: true,
  charset: 'ascii',
  // The bundled CommonJS packages require() Node's built-ins (and pino); an ES module has no
  // require of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  external,
  plugins: [englishZodOnly],
  logLevel: 'warning',
});
if (zodLocalesReplaced === 0)
  throw new Error("zod's locales index was not found to replace: check how zod's namespace exports its locales (build.mjs, englishZodOnly)");

// esbuild escapes non-ASCII in strings, but not in template literals (a tagged template's raw text
// must stay as written): such a character makes the whole source two bytes a character again.
const NOT_ASCII = /\P{ASCII}/u;
const outputs = readdirSync(OUT_DIR, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
for (const file of outputs) {
  const lines = readFileSync(`${OUT_DIR}/${file}`, 'utf8').split('\n');
  const line = lines.findIndex((text) => NOT_ASCII.test(text));
  if (line >= 0) {
    const text = lines[line];
    const at = NOT_ASCII.exec(text)?.index ?? 0;
    throw new Error(
      `${OUT_DIR}/${file}:${line + 1}:${at + 1} is not ASCII (${JSON.stringify(text.slice(Math.max(0, at - 60), at + 20))}): write it as an escape or a parameter, outside a template literal`,
    );
  }
}
