import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withQueries } from '../api/lazy-queries.tsx';
import { alreadyLoaded } from '../lib/already-loaded.ts';
import { trackPageLoad } from './layout/page-loads.ts';

/**
 * A page fetched on first visit (its own chunk, so the first load stays small), which can also
 * be fetched ahead: main.tsx preloads the home page before it hydrates the prerendered `/`.
 */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Fetches the page for showing it: the layout's progress bar shows until it has arrived. */
  preload: () => Promise<unknown>;
  /** Fetches the page in the background, ahead of any click: no progress bar. */
  prefetch: () => Promise<unknown>;
};

/** A route of the site: a page, or a redirect. */
export type PageRoute = { path: string; lazy: LazyPage } | { path: string; redirectTo: string };

/**
 * A page's chunk, loaded on first visit together with TanStack Query and wrapped in its provider,
 * so every page may read and write with `useCallQuery`/`useCallMutation`. Only a page that makes
 * no call at all passes `{ queries: false }` and keeps TanStack Query off its first paint.
 * The load is made once, by `preload` or by the first render; a page preloaded before its first
 * render renders at once (see lib/already-loaded.ts) instead of showing the loading state.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, { queries = true } = {}): LazyPage {
  type Loaded = { default: ComponentType };
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;
  let tracked: Promise<Loaded> | undefined;
  const prefetch = () =>
    (loading ??= (async () => {
      const [module, wrap] = await Promise.all([load(), queries ? withQueries() : undefined]);
      const Page = pick(module);
      loaded = { default: wrap ? wrap(Page) : Page };
      return loaded;
    })());
  const preload = () => {
    const inFlight = prefetch();
    // Shown once, for what is left of the load when the page is wanted (a prefetch may be under
    // way); the promise resolves once the bar has gone, so nothing renders with a load pending.
    if (tracked === undefined && loaded === undefined) tracked = trackPageLoad(() => inFlight);
    return tracked ?? inFlight;
  };
  // React.lazy takes any thenable at run time; its types ask for a Promise.
  return Object.assign(
    lazy(() => (loaded ? (alreadyLoaded(loaded) as Promise<Loaded>) : preload())),
    { preload, prefetch },
  );
}
