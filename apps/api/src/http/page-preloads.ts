import fs from 'node:fs';
import path from 'node:path';
import { PATHS } from '@club/contracts/plain';
import { escapeHtml } from '../lib/escape-html.ts';

/** One route of the web app and the files its page needs beyond index.html's (apps/web/vite-page-preloads.ts). */
type PagePreload = { path: string; js: string[]; css: string[] };

type Route = { pattern: RegExp; rank: number; page: PagePreload; html?: string };

/**
 * A route as React Router matches it (`/blog/:articleId?`, `/event/:eventId`, `*`): any case, an
 * optional trailing slash; each parameter is a capture group (undefined when an optional one is
 * left out). Its rank orders the routes that match one address as the router does: a fixed part
 * outranks a parameter, and `*` comes last.
 */
export function compileRoute(route: string): Pick<Route, 'pattern' | 'rank'> {
  if (route === '*') return { pattern: /^\/.*$/, rank: -1 };
  const parts = route.split('/').filter(Boolean);
  const escape = (text: string) => text.replace(/[.+*?^${}()|[\]\\]/g, '\\$&');
  const source = parts.map((part) => (part.startsWith(':') ? (part.endsWith('?') ? '(?:/([^/]+))?' : '/([^/]+)') : `/${escape(part)}`)).join('');
  const rank = parts.reduce((sum, part) => sum + (part.startsWith(':') ? 3 : 10), 0);
  return { pattern: new RegExp(`^${source || ''}/?$`, 'i'), rank };
}

const PAGE_PATTERNS = Object.values(PATHS)
  .filter((route) => route !== PATHS.notFound)
  .map((route) => compileRoute(route).pattern);

/**
 * Whether an address is one of the site's pages (the web app's routes are PATHS). Any other gets
 * the shell as a 404: the app draws Page Not Found for it, and a search engine or a link checker
 * is told the page is not there.
 */
export function isPageAddress(pathname: string): boolean {
  return PAGE_PATTERNS.some((pattern) => pattern.test(pathname));
}

/** index.html with the page's files named in its head, fetched beside the entry. */
function withPreloads(html: string, { js, css }: PagePreload): string {
  const links = [
    ...js.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`),
    // Preloaded, not linked: Vite's loader links them when the page's chunk loads, in the order the
    // cascade expects; the files are in the cache by then.
    ...css.map((file) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(file)}">`),
  ];
  return links.length === 0 ? html : html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
}

/**
 * The shell (index.html) to send for each address of the web app. The build writes which files
 * each route's page needs (`.vite/page-preloads.json` in the web app's dist); the shell for an
 * address names them, so the browser fetches the page's JS and CSS while the entry loads, instead
 * of only once the entry has run and the router has asked for them. Without that file (an older
 * build, the tests' stand-in), every address gets the plain shell.
 */
export function pageShells(webDist: string, indexHtml: string): (pathname: string) => string {
  const file = path.join(webDist, '.vite', 'page-preloads.json');
  if (!fs.existsSync(file)) return () => indexHtml;
  const pages = JSON.parse(fs.readFileSync(file, 'utf8')) as PagePreload[];
  const routes: Route[] = pages.map((page) => ({ ...compileRoute(page.path), page }));
  return (pathname) => {
    let best: Route | undefined;
    for (const route of routes) {
      if (route.pattern.test(pathname) && (best === undefined || route.rank > best.rank)) best = route;
    }
    if (best === undefined) return indexHtml;
    best.html ??= withPreloads(indexHtml, best.page);
    return best.html;
  };
}
