import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { SessionProvider } from './session/index.ts';

/**
 * The markup of `/` as a visitor sees it, rendered at build time by scripts/prerender.mjs into
 * dist/home.html, which the server sends for `/` only. The browser paints it before any
 * JavaScript has run; main.tsx then hydrates it. The tree is main.tsx's, with a static router.
 * `prerender` waits for the lazy home page, so the markup holds the page, not its loading state.
 */
export async function renderHome(): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location="/">
        <SessionProvider>
          <AppRoutes />
        </SessionProvider>
      </StaticRouter>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
