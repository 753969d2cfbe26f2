import type { SearchSource } from '../../services/search-index.ts';
import SITE_PAGES from './site-pages.json' with { type: 'json' };

/**
 * The site's written pages (History, Founders, Tech, Club Documents, Membership), whose words
 * live in the web app: found by the heading and text they render. site-pages.json is cut from
 * the same render a visitor gets by the web build (apps/web/scripts/site-pages.mjs), which runs
 * before the API's build in `pnpm build`.
 * The record id is the page's place in the file.
 */
export const sitePageSearch: SearchSource = {
  kind: 'page',
  // A new version may bring new words: indexed again at every start.
  isShipped: true,
  entriesOf: (_db, ids) =>
    SITE_PAGES.flatMap((page, index) =>
      ids === undefined || ids.includes(index + 1)
        ? [{ recordId: index + 1, ref: page.path, title: page.title, body: page.text, audience: 'public' as const }]
        : [],
    ),
};
