import { callQueryOptions, useCallMutation, useCallQuery } from '../../../api/call-query.ts';

/** One page of posts, newest first, with the total (for Previous/Next). */
export const useBlogPage = (page: number) => useCallQuery('blog.get', { page });

/** One post with the ids of its neighbours; `b` is empty when there is no such post. */
export const blogPostQueryOptions = (id: number) => callQueryOptions('blog.get', { id });

export const useBlogPost = (id: number) => useCallQuery('blog.get', { id });

/** Saves a post; every cached page and post is reloaded, as order and neighbours may change. */
export const useSavePost = () => useCallMutation('blog.save', { invalidates: ['blog.get'] });

export const useDeletePost = () => useCallMutation('blog.delete', { invalidates: ['blog.get'] });
