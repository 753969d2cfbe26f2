// Each page's own JS and CSS, gzip, from the production build: what opening it costs after any
// other page of the site (its chunk and what that needs beyond index.html's files). A report,
// not a test: a page over the 40 KB goal is named here and in docs/PERFORMANCE.md, and a
// well-kept library that loads by itself only where it is used (Leaflet) is named beside it.
//
//   pnpm bench:bytes       builds, then writes the table into docs/PERFORMANCE.md
//   node scripts/page-bytes.mjs --print    after `pnpm build`: prints it, leaves the file alone
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closure, gzipSize, readManifest } from './build-manifest.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const docFile = path.join(root, 'docs/PERFORMANCE.md');
const GOAL_KB = 40;
/** Loaded by the route pages' map by itself, only on those pages. */
const LIBRARIES = { 'src/features/routes/route-map-leaflet.tsx': 'Leaflet (the route map)' };

const manifest = readManifest();
const gzipKb = (file) => gzipSize(file) / 1024;

const entry = closure(manifest, ['index.html']);
const ownKb = (keys, besides = entry) => [...closure(manifest, keys)].filter((file) => !besides.has(file)).reduce((sum, file) => sum + gzipKb(file), 0);
const pages = Object.keys(manifest)
  .filter((key) => /^src\/pages\/.+-page\.tsx$/.test(key) && key !== 'src/pages/home-page.tsx')
  .map((key) => ({ page: key.replace(/^src\/pages\/|\.tsx$/g, ''), kb: ownKb([key]) }))
  .sort((a, b) => b.kb - a.kb);
const over = pages.filter(({ kb }) => kb > GOAL_KB);
const libraries = Object.entries(LIBRARIES)
  .filter(([key]) => manifest[key])
  .map(([key, name]) => `${name}: ${ownKb([key]).toFixed(1)} KB`);

const lines = [
  `<!-- page-bytes:start (written by \`pnpm bench:bytes\`; edits here are overwritten) -->`,
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC from the production build. Goal: each page's own JS and CSS ≤ ${GOAL_KB} KB gzip. ${over.length === 0 ? `**Met by all ${pages.length} pages.**` : `**Over on ${over.length} of ${pages.length}:** ${over.map(({ page, kb }) => `${page} ${kb.toFixed(1)} KB`).join(', ')}.`} Not counted, loaded by itself only where used: ${libraries.join('; ') || 'none'}.`,
  '',
  '| page | own JS and CSS, KB gzip |',
  '|---|---:|',
  ...pages.slice(0, 12).map(({ page, kb }) => `| ${page} | ${kb.toFixed(1)}${kb > GOAL_KB ? ' (over)' : ''} |`),
  `| … ${pages.length - 12} more, the largest ${pages[12]?.kb.toFixed(1) ?? '0'} | |`,
  `<!-- page-bytes:end -->`,
];
const section = lines.join('\n');
console.log(section);
if (!process.argv.includes('--print')) {
  const current = fs.readFileSync(docFile, 'utf8');
  const pattern = /<!-- page-bytes:start[\s\S]*?<!-- page-bytes:end -->/;
  fs.writeFileSync(
    docFile,
    pattern.test(current) ? current.replace(pattern, () => section) : `${current.trimEnd()}\n\n## Each page's own bytes\n\n${section}\n`,
  );
  console.log('written to docs/PERFORMANCE.md');
}
