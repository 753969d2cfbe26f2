import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { PATHS } from '../../packages/contracts/src/paths.ts';

/**
 * Where the build writes which chunks each address needs, beside Vite's manifest. The server
 * (apps/api/src/http/page-preloads.ts) reads it and names the files in the HTML it sends.
 */
const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

/** One route of the web app and the files its page needs beyond what index.html already loads. */
type PagePreload = { path: string; js: string[]; css: string[] };

const TABLE_FILE = new URL('./src/app/other-pages.tsx', import.meta.url);
const PAGE_LINE = /^\s*page\(PATHS\.(\w+), \(\) => import\('\.\.\/(pages\/[\w-]+\.tsx)'\), \(m\) => m\.\w+(, \{ queries: false \})?\),$/gm;

type TableRow = { path: string; module: string; hasQueries: boolean };

/** The route table of app/other-pages.tsx, which the router reads too: one `page(…)` a line. */
function readPageTable(source: string): TableRow[] {
  const rows = [...source.matchAll(PAGE_LINE)].map(([, key = '', module = '', noQueries]) => {
    if (!(key in PATHS)) throw new Error(`other-pages.tsx names PATHS.${key}, which is not in the contracts' paths.`);
    return { path: PATHS[key as keyof typeof PATHS], module: `src/${module}`, hasQueries: noQueries === undefined };
  });
  // Every line of code that imports a module lazily must be such a line (comments aside).
  const imports = source.match(/^(?!\s*(?:\*|\/\/)).*\bimport\(/gm)?.length ?? 0;
  if (rows.length === 0 || rows.length !== imports) {
    throw new Error(
      `other-pages.tsx has ${imports} page imports but ${rows.length} lines of the form page(PATHS.x, () => import('../pages/x.tsx'), (m) => m.X).`,
    );
  }
  return rows;
}

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

/**
 * Writes PAGE_PRELOADS_FILE from Vite's manifest: for each address of the route table, its page's
 * chunk with the chunks it imports and their CSS (what Vite's loader fetches before the page runs),
 * and TanStack Query's provider for a page that reads, less what index.html loads anyway (the entry
 * and the route table). Without it the page's chunk is requested only once the entry has run and
 * the router has matched the address: one more round trip before the page shows. The manifest,
 * not the bundle, is read: chunks holding nothing but CSS are dropped after the bundle is made.
 */
export function pagePreloads(): Plugin {
  let outDir = '';
  return {
    name: 'club:page-preloads',
    // The client build only: scripts/prerender.mjs builds `/` for the server with this config too.
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      // Every file a chunk needs before it runs, itself first, then the CSS.
      const closure = (key: string): string[] => {
        const seen = new Set<string>();
        const visit = (next: string) => {
          if (seen.has(next)) return;
          if (!manifest[next]) throw new Error(`${next} is not in the Vite manifest.`);
          seen.add(next);
          manifest[next].imports?.forEach(visit);
        };
        visit(key);
        const chunks = [...seen].map((seenKey) => manifest[seenKey] as ManifestChunk);
        return [...chunks.map((chunk) => chunk.file), ...chunks.flatMap((chunk) => chunk.css ?? [])];
      };
      const loaded = new Set([...closure('index.html'), ...closure('src/app/other-pages.tsx')]);
      const queries = closure('src/api/query-provider.tsx');
      const pages: PagePreload[] = readPageTable(fs.readFileSync(TABLE_FILE, 'utf8')).map(({ path: route, module, hasQueries }) => {
        const files = [...new Set([...closure(module), ...(hasQueries ? queries : [])])].filter((file) => !loaded.has(file));
        return {
          path: route,
          js: files.filter((file) => file.endsWith('.js')).map((file) => `/${file}`),
          css: files.filter((file) => file.endsWith('.css')).map((file) => `/${file}`),
        };
      });
      fs.writeFileSync(path.join(outDir, PAGE_PRELOADS_FILE), `${JSON.stringify(pages, null, 1)}\n`);
    },
  };
}
