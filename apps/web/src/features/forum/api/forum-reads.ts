import { FORUM_PAGE_SIZE, type CallName, type ForumSort } from '@club/contracts/plain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callQueryOptions, useCallQuery } from '../../../api/call-query.ts';
import { useSessionToken } from '../../../session/index.ts';

/** Every read that answers forum threads or posts. */
export const FORUM_READS = ['forum.get', 'forum.page', 'forum.thread'] as const satisfies readonly CallName[];

/** The reads a deleted thread changes (its own read is left alone: reloading it would only fail). */
export const FORUM_LIST_READS = ['forum.get', 'forum.page'] as const satisfies readonly CallName[];

export type ThreadFilters = { search: string; sort: ForumSort; page: number };

const pageBody = ({ search, sort, page }: ThreadFilters) => ({
  page,
  ...(search.trim() === '' ? {} : { q: search.trim() }),
  ...(sort === 'activity' ? {} : { sort }),
});

/**
 * One page of the thread list, searched and sorted by the server. The page on screen stays while
 * the next one loads, an answer no longer wanted is cancelled, and the following page is fetched
 * ahead once this one is shown, so Next shows it at once.
 */
export function useForumPage(filters: ThreadFilters) {
  const viewer = useSessionToken();
  const queryClient = useQueryClient();
  const query = useCallQuery('forum.page', pageBody(filters), { keepsPreviousAnswer: true });
  const hasNext = query.data !== undefined && !query.isPlaceholderData && query.data.found > filters.page * FORUM_PAGE_SIZE;
  const { search, sort, page } = filters;
  useEffect(() => {
    if (hasNext) void queryClient.prefetchQuery(callQueryOptions('forum.page', pageBody({ search, sort, page: page + 1 }), viewer));
  }, [hasNext, queryClient, search, sort, page, viewer]);
  return query;
}

/** One thread with its posts (an error 404 for an unknown thread or someone else's unapproved one). */
export const forumThreadQueryOptions = (id: number, viewer?: string | null) => callQueryOptions('forum.thread', { id }, viewer);

export function useForumThread(id: number) {
  return useQuery(forumThreadQueryOptions(id, useSessionToken()));
}
