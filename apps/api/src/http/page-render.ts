import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request } from 'express';
import { withAnswerBlocks, type FirstAnswer, type PageAnswers } from './first-answers.ts';
import { escapeHtml } from '../lib/escape-html.ts';

/** What the web app's SSR build exports (apps/web/src/prerender.tsx, built into dist/.ssr/). */
type PageRenderModule = {
  renderPage(request: {
    url: string;
    answers: readonly FirstAnswer[];
    viewerToken: string | null;
    clubName: string;
    timeZone: string;
    signal: AbortSignal;
  }): Promise<RenderedPage>;
};

/** The page's markup, React's preloads of its first pictures, and its title (null: the shell's stays). */
type RenderedPage = { markup: string; preloads: string; title?: string | null };

/** A visitor waits this long at most for the markup; past it they get the shell, which draws as before. */
export const RENDER_TIME_LIMIT_MS = 500;

/** Rendered pages kept while their answers are unchanged (a page's markup is 10-40 KB). */
const CACHE_SIZE = 32;

export type PageRenderer = (req: Request, shell: string, page: PageAnswers) => Promise<string>;

/**
 * Sends a data page with its markup: the page as the web app renders it for its viewer (a visitor,
 * or the member whose session cookie came with it) from the same first answers the data blocks
 * hold (http/first-answers.ts), so it paints with the HTML alone and main.tsx hydrates it. The SSR build is imported on the first such page, never at start
 * (idle memory and cold start stay as they were). The page's own CSS goes inline, as the entry's
 * is, so nothing but the HTML blocks the paint.
 *
 * Never costs the visitor the page: without the SSR build, on a render that fails or takes longer
 * than RENDER_TIME_LIMIT_MS, the shell with the data blocks goes out (logged), as before this.
 * A render is kept while the answers it came from are the same (the reply cache gives the same
 * bytes until a write changes them) and, for a member, for the same session: a repeat visit costs
 * a hash, not a render.
 */
/** The settings the browser reads from the page's metas, which the render has no page to read from. */
export type RenderSettings = { clubName: string; timeZone: string };

export function pageRenderer(webDist: string, { clubName, timeZone }: RenderSettings): PageRenderer {
  const entry = path.join(webDist, '.ssr', 'prerender.js');
  let loading: Promise<PageRenderModule> | undefined;
  const load = () => (loading ??= import(pathToFileURL(entry).href) as Promise<PageRenderModule>);
  const rendered = new Map<string, RenderedPage>();
  const styledShells = new Map<string, string>();
  const readCss = (href: string) => fs.readFileSync(path.join(webDist, href.replace(/^\/+/, '')), 'utf8').replace(/<\/style/gi, '<\\/style');

  return async (req, shell, { viewer, answers }) => {
    if (answers === undefined || !fs.existsSync(entry)) return withAnswerBlocks(shell, answers ?? [], viewer.kind);
    const url = req.originalUrl;
    // A member's markup can hold their session token (the event page's calendar download posts
    // it), so it is kept for that session alone.
    const key = createHash('sha256')
      .update(viewer.kind === 'member' ? viewer.token : '')
      .update('\0')
      .update(url)
      .update('\0')
      .update(answers.map((answer) => answer.json).join('\0'))
      .digest('base64');
    let page = rendered.get(key);
    if (page === undefined) {
      const signal = AbortSignal.timeout(RENDER_TIME_LIMIT_MS);
      try {
        const started = performance.now();
        const { renderPage } = await Promise.race([load(), aborted(signal)]);
        const viewerToken = viewer.kind === 'member' ? viewer.token : null;
        page = await Promise.race([renderPage({ url, answers, viewerToken, clubName, timeZone, signal }), aborted(signal)]);
        req.log.debug({ ms: Math.round(performance.now() - started) }, 'Rendered the page.');
      } catch (error) {
        req.log.warn({ err: error }, 'The page could not be rendered in time; the shell went out, the page draws in the browser.');
        return withAnswerBlocks(shell, answers, viewer.kind);
      }
      if (rendered.size >= CACHE_SIZE) rendered.delete(rendered.keys().next().value as string);
      rendered.set(key, page);
    }
    let styled = styledShells.get(shell);
    if (styled === undefined) {
      styled = shellForMarkup(shell, readCss);
      styledShells.set(shell, styled);
    }
    // The page's own title, for link previews and crawlers (the browser sets the same one).
    const { title } = page;
    const titled = title ? styled.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`) : styled;
    // React's preloads of the first pictures go in the head, where the browser reads them first.
    const withPreloads = page.preloads ? titled.replace('</head>', () => `  ${page.preloads}\n  </head>`) : titled;
    return withAnswerBlocks(withPreloads, answers, viewer.kind, page.markup);
  };
}

/** Rejects once the signal aborts (the render's time limit). */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}

/**
 * The shell made ready for markup: the page's stylesheets (which it preloads,
 * http/page-preloads.ts) inline, so the markup paints with the HTML alone; each file stays linked
 * for print only, which blocks nothing (Vite's loader adds a stylesheet a chunk lists unless a link
 * to it exists, as for the entry's CSS, apps/web/scripts/prerender.mjs). Its scripts load after
 * the paint (`scriptsAfterPaint`).
 */
function shellForMarkup(shell: string, readCss: (href: string) => string): string {
  const styled = shell.replace(/<link rel="preload" as="style" crossorigin href="([^"]+\.css)">/g, (link, href: string) => {
    try {
      return `<style>${readCss(href.replaceAll('&amp;', '&'))}</style><link rel="stylesheet" crossorigin href="${href}" media="print">`;
    } catch {
      return link; // A file missing from the build: the page loads it as before.
    }
  });
  return scriptsAfterPaint(styled);
}

/**
 * A page whose markup is in its HTML (`/`, prerendered at build time, and the pages rendered
 * here) with its scripts, which only hydrate what is painted, named in `/after-paint.js`
 * (apps/web/public) instead of loaded beside the HTML: it fetches the entry and the page's chunks
 * once the page has painted (a visitor's once its first pictures have loaded). Lighthouse's
 * simulation counts every request that ended before the largest paint it observed as holding
 * that paint (110 KB gzip of JavaScript: LCP 2.0-2.4 s on a loaded machine); fetched after it,
 * they cannot. A visitor loses nothing: the links work before the scripts run, and the forms wait
 * for them (inert until hydrated, apps/web/src/components/form.tsx).
 */
export function scriptsAfterPaint(html: string): string {
  const modules: string[] = [];
  let entry = '';
  const afterPaint = html
    .replace(/\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g, (_link, href: string) => {
      modules.push(href.replaceAll('&amp;', '&'));
      return '';
    })
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_script, src: string) => {
      entry = src.replaceAll('&amp;', '&');
      return '<script defer src="/after-paint.js" data-entry="" data-modules=""></script>';
    });
  // Without the entry script the page is not one this knows: its scripts stay as they are.
  if (entry === '') return html;
  return afterPaint.replace('data-entry="" data-modules=""', () => `data-entry="${escapeHtml(entry)}" data-modules="${escapeHtml(modules.join(' '))}"`);
}
