// What a page of the production build loads, from Vite's manifest: shared by the size budgets
// (apps/web/e2e/budgets.e2e.test.ts) and the page-bytes report (scripts/page-bytes.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

export function readManifest(dist = WEB_DIST) {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
}

/** Every file the chunks of `keys` load, their static imports and CSS included. */
export function closure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** A built file's size as the server sends it: its precompressed .gz, else gzipped here. */
export function gzipSize(file, dist = WEB_DIST) {
  const full = path.join(dist, file);
  return fs.existsSync(`${full}.gz`) ? fs.statSync(`${full}.gz`).size : gzipSync(fs.readFileSync(full), { level: 9 }).length;
}
