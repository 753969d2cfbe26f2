import type { CallName, MemberSort, Permission } from '@club/contracts/plain';
import { useQueryClient } from '@tanstack/react-query';
import { callQueryOptions, useCallMutation, useCallQuery } from '../../../api/call-query.ts';

/** Every read a member's save or removal changes: the directory's pages and the e-mail list. */
export const MEMBER_READS = ['members.page', 'members.emails'] as const satisfies readonly CallName[];

export type DirectoryFilters = { search: string; permission: Permission | ''; sort: MemberSort; page: number };

/**
 * One page of the directory, searched, filtered and sorted by the server. The page on screen
 * stays while the next one loads (a new search or page), and an answer that is no longer wanted
 * is cancelled.
 */
export function useMemberPage({ search, permission, sort, page }: DirectoryFilters) {
  return useCallQuery(
    'members.page',
    {
      page,
      ...(search.trim() === '' ? {} : { q: search.trim() }),
      ...(permission === '' ? {} : { permission }),
      ...(sort === 'last' ? {} : { sort }),
    },
    { keepsPreviousAnswer: true },
  );
}

/** The enabled members' addresses for "Copy e-mail list", read when the administrator asks. */
export function useFetchEmailList() {
  const queryClient = useQueryClient();
  return async (): Promise<string[]> => (await queryClient.fetchQuery(callQueryOptions('members.emails', {}))).emails;
}

/**
 * Adds a member (id 0) or changes one, with their photo; the directory is reloaded, and the
 * session too when it is the member's own record (an admin's own permissions apply at once).
 */
export const useSaveMember = (isOwnRecord: boolean) =>
  useCallMutation('member.save', { invalidates: isOwnRecord ? [...MEMBER_READS, 'session.get'] : MEMBER_READS });

/** Deletes a member; the directory is reloaded. */
export const useDeleteMember = () => useCallMutation('member.delete', { invalidates: MEMBER_READS });

/** Everything the site keeps about one member, for the administrator to hand over on request. */
export const useExportMemberData = () => useCallMutation('member.export');

/** Deletes a member and all their data; the directory is reloaded. */
export const useEraseMember = () => useCallMutation('member.erase', { invalidates: MEMBER_READS });
