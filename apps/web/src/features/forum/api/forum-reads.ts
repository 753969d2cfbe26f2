import type { CallName } from '@club/contracts/browser';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '../../../api/call-query.ts';
import { useSessionToken } from '../../../session/index.ts';

/** Every read that answers forum threads or posts. */
export const FORUM_READS = ['forum.get', 'forum.threads', 'forum.thread'] as const satisfies readonly CallName[];

/** The threads the member may see, newest activity first; for moderators also what waits for approval. */
export const forumThreadsQueryOptions = (viewer?: string | null) => callQueryOptions('forum.threads', {}, viewer);

/** One thread with its posts (an error 404 for an unknown thread or someone else's unapproved one). */
export const forumThreadQueryOptions = (id: number, viewer?: string | null) => callQueryOptions('forum.thread', { id }, viewer);

/** The forum reads in a component, following logins (the answers depend on who asks). */
export function useForumThreads() {
  return useQuery(forumThreadsQueryOptions(useSessionToken()));
}

export function useForumThread(id: number) {
  return useQuery(forumThreadQueryOptions(id, useSessionToken()));
}
