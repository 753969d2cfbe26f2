import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { seedAnswers, type FirstAnswer } from './api/first-answers.ts';
import { AppRoutes } from './app/router.tsx';
import { pageTextOf, WRITTEN_PAGES, type PageText } from './app/written-pages-text.ts';
import { setClubTimeZone } from './lib/club-time-zone.ts';
import { PageTitleSink, pageTitleOf, setClubName } from './lib/page-title.ts';
import { RenderedViewerContext, type RenderedViewer } from './lib/use-session-token.ts';
import { SessionProvider } from './session/index.ts';

export type { FirstAnswer };

/**
 * The tree of main.tsx with a static router at one address: what a visitor's browser renders
 * there, or the browser of `viewer`, the member whose session the page's request carried.
 */
function site(location: string, viewer: RenderedViewer | null = null): ReactNode {
  return (
    <StrictMode>
      <RenderedViewerContext value={viewer}>
        <StaticRouter location={location}>
          <SessionProvider>
            <AppRoutes />
          </SessionProvider>
        </StaticRouter>
      </RenderedViewerContext>
    </StrictMode>
  );
}

/**
 * Every Suspense boundary in place: by default React moves a boundary larger than 12.8 KB out of
 * the markup, behind its fallback, with an inline script that swaps it in (which the CSP blocks,
 * and which hydration would not find in place).
 */
const IN_PLACE = { progressiveChunkSize: Number.POSITIVE_INFINITY };

/**
 * React puts preloads for the pictures it rendered first ahead of the markup; hydration expects
 * the tree alone, so they are returned apart (the server puts them in the head).
 */
function splitPreloads(html: string): { preloads: string; markup: string } {
  const preloads = /^(?:<link rel="preload" as="image"[^>]*\/>)+/.exec(html)?.[0] ?? '';
  return { preloads, markup: html.slice(preloads.length) };
}

/**
 * The markup of `/` as a visitor sees it, rendered at build time by scripts/prerender.mjs into
 * dist/home.html, which the server sends for `/` only. The browser paints it before any
 * JavaScript has run; main.tsx then hydrates it. `prerender` waits for the lazy home page, so the
 * markup holds the page, not its loading state.
 */
export async function renderHome(): Promise<string> {
  const { prelude } = await prerender(site('/'), IN_PLACE);
  return splitPreloads(await new Response(prelude).text()).markup;
}

/**
 * The written pages' heading and text as a visitor gets them, for the site search: written at
 * build time by scripts/site-pages.mjs into the API's features/search/site-pages.json.
 */
export async function renderWrittenPages(): Promise<PageText[]> {
  const pages: PageText[] = [];
  for (const path of WRITTEN_PAGES) {
    const { prelude } = await prerender(site(path), IN_PLACE);
    pages.push(pageTextOf(path, await new Response(prelude).text()));
  }
  return pages;
}

/**
 * What the server asks for: the address (path and query), the answers of the page's first reads,
 * the session token they were read with (null: a visitor's; a member's answers start with their
 * `session.get`), and the settings the browser reads from the page's metas (CLUB_NAME, CLUB_TIMEZONE).
 */
export type PageRequest = {
  url: string;
  answers: readonly FirstAnswer[];
  viewerToken: string | null;
  clubName: string;
  timeZone: string;
  signal?: AbortSignal;
};

/** The member the answers were read for, from their `session.get` answer. */
function viewerOf(token: string | null, answers: readonly FirstAnswer[]): RenderedViewer | null {
  const session = answers.find((answer) => answer.name === 'session.get');
  if (token === null || session === undefined) return null;
  const { u } = JSON.parse(session.json) as { u: RenderedViewer['user'] };
  return { token, user: u };
}

/**
 * The markup of a data page as its viewer sees it, rendered by the server per request
 * (apps/api/src/http/page-render.ts) from the answers it also sends as data blocks: main.tsx
 * seeds the browser's cache with those blocks and hydrates the markup, which therefore draws the
 * same. The query client is this request's own (api/query-provider.tsx keeps a provided client),
 * holds exactly those answers and fetches nothing (TanStack Query does not fetch on a server): a read without an answer renders its loading
 * state, as the browser's first render does. Rejects when `signal` aborts (the server's time limit)
 * and when any part of the page failed to render.
 */
export async function renderPage({
  url,
  answers,
  viewerToken,
  clubName,
  timeZone,
  signal,
}: PageRequest): Promise<{ markup: string; preloads: string; title: string | null }> {
  setClubName(clubName);
  setClubTimeZone(timeZone);
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, networkMode: 'always' } } });
  seedAnswers(client, answers, viewerToken, true);
  const viewer = viewerOf(viewerToken, answers);
  // An error inside a Suspense boundary does not end a render: React sends the boundary's fallback
  // with an inline script that renders it in the browser, which the CSP blocks. The server sends
  // the shell instead.
  let failure: unknown;
  // The page's own name, as usePageTitle hears it (the last page drawn, should a page draw another).
  let name = null as string | null;
  const hearName = (heard: string) => {
    name = heard;
  };
  try {
    const page = (
      <PageTitleSink value={hearName}>
        <QueryClientProvider client={client}>{site(url, viewer)}</QueryClientProvider>
      </PageTitleSink>
    );
    const { prelude } = await prerender(page, {
      ...IN_PLACE,
      signal,
      onError: (error) => void (failure ??= error),
    });
    const html = await new Response(prelude).text();
    signal?.throwIfAborted();
    if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
    if (html.includes('<script')) throw new Error('React put a script in the markup of the page, which the CSP would block.');
    return { ...splitPreloads(html), title: name === null ? null : pageTitleOf(name) };
  } finally {
    client.clear();
  }
}
