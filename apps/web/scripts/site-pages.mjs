// After scripts/prerender.mjs: renders the written pages (History, Founders, Tech, Club
// Documents, Membership) with the same SSR build of src/prerender.tsx and writes their heading
// and text to the API's features/search/site-pages.json, which the site search indexes at every
// start (docs/SEARCH.md, "The written pages"). The root build builds the web app first, so the
// API's build bundles the file this wrote. Written only when the text changed, and by a rename,
// so a test reading the file meanwhile never sees half of it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const ssrDir = path.join(web, 'dist', '.ssr');
const target = fileURLToPath(new URL('../../api/src/features/search/site-pages.json', import.meta.url));

const entry = fs.readdirSync(ssrDir).find((name) => /^prerender\.m?js$/.test(name));
if (!entry) throw new Error(`No prerender build in ${ssrDir}: run scripts/prerender.mjs first.`);
const { renderWrittenPages } = await import(pathToFileURL(path.join(ssrDir, entry)).href);
const json = `${JSON.stringify(await renderWrittenPages(), null, 2)}\n`;

const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
if (current === json) {
  console.log('site-pages.json: the written pages say what it holds');
} else {
  fs.writeFileSync(`${target}.tmp`, json);
  fs.renameSync(`${target}.tmp`, target);
  console.log(`site-pages.json: wrote the written pages' new text to ${path.relative(process.cwd(), target)}`);
}
