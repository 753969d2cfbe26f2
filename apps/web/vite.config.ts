import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pagePreloads } from './vite-page-preloads.ts';

/**
 * The home page is where most visits land: its HTML preloads its chunk, its CSS and its hero
 * picture, so they load beside the entry instead of after it has run. Every other page needs the
 * table of the other pages (app/other-pages.tsx), preloaded the same way. scripts/prerender.mjs
 * keeps the home page's preloads in home.html (served for `/`) only, and the table's in index.html
 * (every other path) only.
 */
function preloadHomePage(): Plugin {
  return {
    name: 'club:preload-home-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const home = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/pages/home-page.tsx'));
        if (!home || home.type !== 'chunk') throw new Error('The home page chunk was not found.');
        const otherPages = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/app/other-pages.tsx'));
        if (!otherPages || otherPages.type !== 'chunk') throw new Error('The chunk of the other pages was not found.');
        const css = [...(home.viteMetadata?.importedCss ?? [])];
        return [
          { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${otherPages.fileName}` }, injectTo: 'head' },
          { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${home.fileName}` }, injectTo: 'head' },
          ...css.map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: '', href: `/${file}` }, injectTo: 'head' as const })),
          { tag: 'link', attrs: { rel: 'preload', as: 'image', href: '/images/hero-model-a.svg', fetchpriority: 'high' }, injectTo: 'head' },
        ];
      },
    },
  };
}

const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), preloadHomePage(), pagePreloads()],
  // The prerendered `/` shows the build's year in its footer (site-footer.tsx hydrates with it).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/uploads': API_ORIGIN,
      '/healthz': API_ORIGIN,
    },
  },
  preview: {
    proxy: {
      '/api': API_ORIGIN,
      '/uploads': API_ORIGIN,
      '/healthz': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks and CSS each entry needs (the first-paint budget reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The features' api/ hooks are a few lines each and used by several pages: they ride in the
          // chunk of the call hooks they wrap, which every page that reads loads anyway, instead of one
          // small shared chunk each, whose names would lengthen the entry's preload lists. The same
          // goes for lib/plural.ts (members and events, both reading pages) and TanStack's useMutation,
          // and for the two helpers api/ hooks use (the board's pairs, a route's steps): in a chunk
          // of their own they brought that chunk's stylesheet (history.css) to every reading page.
          // The zod-free contracts (labels, limits, the club clock, the calls table) are left to the
          // default split, by the pages that share them: in one chunk of their own, every page loaded
          // every area's constants (6.4 KB gzip); split, most pages load about 2 KB less of their own
          // (docs/decisions/009-page-bytes-and-long-tasks.md, "The pages"), for two to six more files.
          includeDependenciesRecursively: false,
          groups: [
            // The club's clock and the page's zone, which every page that shows a date loads together:
            // left to the default split, they came apart once the contract check stopped loading
            // with the history pages, one more file for each of those pages.
            { name: 'club-time-zone', test: /\/(src\/lib\/club-time-zone|contracts\/src\/club-time)\.ts$/ },
            {
              name: 'call-query',
              test: /\/src\/(api\/call-query\.ts|features\/[^/]+\/api\/|lib\/plural\.ts|features\/history\/history-rules\.ts|features\/routes\/route-draft\.ts)|@tanstack\/react-query\/.*useMutation/,
            },
          ],
        },
      },
    },
  },
});
