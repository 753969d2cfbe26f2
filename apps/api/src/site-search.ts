import type { Db } from './db/client.ts';
import { photoSearch } from './features/blog/search-source.ts';
import { listingSearch } from './features/classifieds/search-source.ts';
import { eventSearch } from './features/events/search-source.ts';
import { forumPostSearch, forumThreadSearch } from './features/forum/search-source.ts';
import { carSearch } from './features/garage/search-source.ts';
import { boardSearch, presidentSearch, shaftAwardSearch, startupPartySearch } from './features/history/search-source.ts';
import { linkSearch } from './features/links/search-source.ts';
import { meetingSearch } from './features/meetings/search-source.ts';
import { memberSearch } from './features/members/search-source.ts';
import { newsletterSearch } from './features/newsletters/search-source.ts';
import { sitePageSearch } from './features/search/site-pages.ts';
import { createSearchIndex, type SearchIndex, type SearchSource } from './services/search-index.ts';

/** Every kind the site search holds, and where its entries come from (docs/SEARCH.md). */
const SEARCH_SOURCES: readonly SearchSource[] = [
  sitePageSearch,
  presidentSearch,
  shaftAwardSearch,
  startupPartySearch,
  boardSearch,
  meetingSearch,
  linkSearch,
  eventSearch,
  photoSearch,
  forumThreadSearch,
  forumPostSearch,
  memberSearch,
  carSearch,
  newsletterSearch,
  listingSearch,
];

export function createSiteSearch(db: Db): SearchIndex {
  return createSearchIndex(db, SEARCH_SOURCES);
}
