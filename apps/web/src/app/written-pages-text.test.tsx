import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PATHS } from '@club/contracts';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../session/index.ts';
import { AppRoutes } from './router.tsx';

/**
 * The site search finds the written pages (their words are here, in the web app) by the text
 * they render: apps/api/src/features/search/site-pages.json holds each page's heading and text,
 * cut from the same render a visitor gets (the tree of src/prerender.tsx). This test fails when
 * a page's words change without that file; `UPDATE_SITE_PAGES=1` writes it anew:
 *
 *   UPDATE_SITE_PAGES=1 pnpm vitest run apps/web/src/app/written-pages-text.test.tsx
 */
const WRITTEN_PAGES = [PATHS.history, PATHS.founders, PATHS.tech, PATHS.clubDocuments, PATHS.membership];
const indexedFile = fileURLToPath(new URL('../../../api/src/features/search/site-pages.json', import.meta.url));

type PageText = { path: string; title: string; text: string };

const ESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&nbsp;': ' ' };
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#x27|nbsp);/g, (escape) => ESCAPES[escape] ?? escape)
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;!?)])/g, '$1')
    .trim();

/** The page as a visitor gets it: its h1, and the words of its article without side boxes (the latest newsletter's cover). */
async function renderedText(path: string): Promise<PageText> {
  const { prelude } = await prerender(
    <StaticRouter location={path}>
      <SessionProvider>
        <AppRoutes />
      </SessionProvider>
    </StaticRouter>,
  );
  const markup = await new Response(prelude).text();
  const article = /<article class="page[^"]*">([\s\S]*)<\/article>/.exec(markup)?.[1];
  if (article === undefined) throw new Error(`${path} rendered no page article.`);
  const title = textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(article)?.[1] ?? '');
  const body = article
    .replace(/<header class="page__header">[\s\S]*?<\/header>/, (header) => header.replace(/<h1[^>]*>[\s\S]*?<\/h1>/, ''))
    .replace(/<aside[\s\S]*?<\/aside>/g, '')
    // Decoration hidden from screen readers (a founder's initials, a "PDF" badge) is no text either.
    .replace(/<(span)[^>]*aria-hidden="true"[^>]*>[^<]*<\/\1>/g, '');
  return { path, title, text: textOf(body) };
}

describe('the written pages in the site search', () => {
  // Vite's build constant (the footer's year), outside the page's article.
  beforeAll(() => vi.stubGlobal('__BUILD_YEAR__', 2026));
  // Test files share their worker's globals (vitest.config.ts: isolate false).
  afterAll(() => vi.unstubAllGlobals());

  it('indexes the words each page renders', async () => {
    const rendered: PageText[] = [];
    for (const path of WRITTEN_PAGES) rendered.push(await renderedText(path));
    for (const page of rendered) {
      expect(page.title, page.path).not.toBe('');
      expect(page.text.length, page.path).toBeGreaterThan(200);
    }
    if (process.env.UPDATE_SITE_PAGES === '1') fs.writeFileSync(indexedFile, `${JSON.stringify(rendered, null, 2)}\n`);
    const indexed = JSON.parse(fs.readFileSync(indexedFile, 'utf8')) as PageText[];
    expect(indexed, 'A written page changed: run UPDATE_SITE_PAGES=1 pnpm vitest run apps/web/src/app/written-pages-text.test.tsx').toEqual(rendered);
    // Five renders of the whole app (its first import included): more than a unit test's 20 s on a busy machine.
  }, 60_000);
});
