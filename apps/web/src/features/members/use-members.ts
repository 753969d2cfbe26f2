import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../api/client.ts';

/** The member list, cached under its call name like every list. */
export function useMembers() {
  return useQuery({ queryKey: ['members.get'], queryFn: ({ signal }) => callApi('members.get', {}, undefined, { signal }) });
}

/**
 * After a save or delete: reload the list, and the session user when the change was to the
 * member's own record (an admin's own permissions apply at once).
 */
export function useRefreshMembers() {
  const queryClient = useQueryClient();
  return useCallback(
    async (isOwnRecord: boolean) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['members.get'] }),
        isOwnRecord ? queryClient.invalidateQueries({ queryKey: ['session.get'] }) : Promise.resolve(),
      ]);
    },
    [queryClient],
  );
}
