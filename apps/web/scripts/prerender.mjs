// After `vite build`: renders `/` as a visitor sees it into dist/home.html (a copy of index.html
// with the markup in #root), so the first paint of the home page needs no JavaScript. The server
// sends home.html for `/` only (apps/api/src/app.ts); every other path gets the shell, in which
// the server renders a visitor's data pages per request (apps/api/src/http/page-render.ts) with
// the same SSR build of src/prerender.tsx, written to dist/.ssr/ and shipped with the web app (a
// dot folder: express.static does not serve it). It is one self-contained ES module and its page
// chunks (React and the rest bundled in, the server has no React of its own), in production mode.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(web, 'dist');
const ssrDir = path.join(dist, '.ssr');

await build({
  root: web,
  logLevel: 'warn',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false, copyPublicDir: false, minify: true },
});
const entry = fs.readdirSync(ssrDir).find((name) => /^prerender\.m?js$/.test(name));
if (!entry) throw new Error(`The prerender build wrote no prerender.js to ${ssrDir}`);
const { renderHome } = await import(pathToFileURL(path.join(ssrDir, entry)).href);
// The markup alone: the <img> tags in it and index.html's own hero preload ask for the pictures early.
const markup = await renderHome();

const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const clubName = /<meta name="club-name" content="([^"]*)"/.exec(shell)?.[1];
const title = /<title>([^<]*)<\/title>/.exec(shell)?.[1];
// The server swaps index.html's club name for CLUB_NAME everywhere, the markup included.
if (!clubName || title !== clubName) throw new Error('index.html must name the club in its club-name meta and its title.');
if (!markup.includes(`>${clubName}</h1>`)) throw new Error('The prerendered home page lacks its heading with the club name.');
if (!shell.includes('<div id="root"></div>')) throw new Error('index.html lacks an empty <div id="root"></div>.');
// The CSS goes inline: the markup paints with the HTML alone, no stylesheet request blocks it
// (about 6 KB gzip more HTML, still within the first round trip). Each file also stays linked
// for print only, which blocks nothing: Vite's loader adds the CSS a lazy chunk lists unless a
// link to it exists, and a copy appended later would reorder the cascade. The files are then
// in the cache for the next page.
const entryCss = /<link rel="stylesheet" crossorigin href="(\/assets\/index-[^"]+\.css)">/.exec(shell);
const homeCss = /<link rel="preload" as="style" crossorigin="" href="(\/assets\/home-page-[^"]+\.css)">/.exec(shell);
if (!entryCss?.[1] || !homeCss?.[1]) throw new Error('index.html no longer links the entry CSS and preloads the home page CSS (vite.config.ts).');
const inline = (href) => `<style>${fs.readFileSync(path.join(dist, href), 'utf8')}</style>`;
const printLink = (href) => `<link rel="stylesheet" crossorigin href="${href}" media="print">`;
// `/` hydrates without the table of the other pages (main.tsx fetches it once idle).
const otherPagesPreload = /\n\s*<link rel="modulepreload"[^>]*href="\/assets\/other-pages-[^"]+"[^>]*>/;
if (!otherPagesPreload.test(shell)) throw new Error('index.html no longer preloads the table of the other pages (vite.config.ts).');
const home = shell
  .replace(otherPagesPreload, '')
  .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
  .replace(/<title>[^<]*<\/title>/, () => `<title>Home - ${clubName}</title>`)
  .replace(entryCss[0], () => `${inline(entryCss[1])}\n    ${inline(homeCss[1])}\n    ${printLink(entryCss[1])}`)
  .replace(homeCss[0], () => printLink(homeCss[1]));
// The scripts only hydrate what is already painted: the server names them in /after-paint.js,
// which fetches them once the hero picture (the largest paint) has loaded
// (apps/api/src/http/page-render.ts, scriptsAfterPaint).
if (!home.includes('<script type="module" crossorigin src=')) throw new Error('index.html no longer has the module script the server expects.');
if (home.includes('<div id="root"><link')) throw new Error('The prerendered markup starts with a tag hydration would not expect.');
fs.writeFileSync(path.join(dist, 'home.html'), home);
// Every other path gets index.html: the home page's chunk, stylesheet and picture would be
// wasted bytes there (on a phone too), so only home.html keeps their preloads.
const homeOnlyPreload = /\n\s*<link rel="(?:modulepreload|preload)"[^>]*href="\/(?:assets\/home-page-[^"]+|images\/hero-model-a\.svg)"[^>]*>/g;
// The entry CSS goes inline there too (4 KB gzip): the first paint waits for no stylesheet, only
// for the HTML, and the page's own CSS, which the server preloads, arrives beside the entry.
const otherPages = shell.replace(homeOnlyPreload, '').replace(entryCss[0], () => `${inline(entryCss[1])}\n    ${printLink(entryCss[1])}`);
if (otherPages.match(/home-page-|hero-model-a/)) throw new Error('index.html still names a file of the home page.');
fs.writeFileSync(path.join(dist, 'index.html'), otherPages);
console.log(`prerendered / into dist/home.html (${(Buffer.byteLength(markup) / 1024).toFixed(1)} KiB of markup)`);
