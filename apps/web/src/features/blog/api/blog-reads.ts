import type { CallName } from '@club/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '../../../api/call-query.ts';

/** Every read that answers posts: a save or a delete reloads them all, as order and neighbours may change. */
export const BLOG_READS = ['blog.get', 'blog.page', 'blog.post'] as const satisfies readonly CallName[];

/** One page of posts (1 = the newest), newest first, with how many posts there are (for Previous/Next). */
export const blogPageQueryOptions = (page: number) => callQueryOptions('blog.page', { page });

/** One post (null when there is no such post) with the ids of its newer and older neighbours. */
export const blogPostQueryOptions = (id: number) => callQueryOptions('blog.post', { id });

export function useBlogPage(page: number) {
  return useQuery(blogPageQueryOptions(page));
}

export function useBlogPost(id: number) {
  return useQuery(blogPostQueryOptions(id));
}
