import type { SearchKind } from '@club/contracts/plain';
import { useCallQuery } from '../../../api/call-query.ts';

/**
 * The site search for what is typed. Each query is its own cached read; the last answer stays on
 * screen while the next one comes, and an answer no longer wanted is cancelled (its fetch is
 * aborted when nothing shows it any more).
 */
export function useSiteSearch(query: string, kind: SearchKind | undefined, page: number) {
  return useCallQuery(
    'site.search',
    { q: query, ...(kind === undefined ? {} : { kind }), ...(page > 1 ? { page } : {}) },
    { enabled: query.trim() !== '', keepsPreviousAnswer: true, retry: false },
  );
}
