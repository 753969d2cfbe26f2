import type { SessionUser } from '@club/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callQueryOptions } from '../api/call-query.ts';
import { QueryProvider } from '../api/query-provider.tsx';

/** What SessionProvider needs to know about the check of one stored token. */
export type SessionCheck = {
  token: string;
  user: SessionUser | null;
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
};

type Props = { token: string; onChange: (check: SessionCheck) => void };

function CheckSession({ token, onChange }: Props) {
  const query = useQuery(callQueryOptions('session.get', {}, token));
  const { data, isPending, error, refetch } = query;
  useEffect(() => {
    onChange({ token, user: data?.u ?? null, isPending, error, refetch: () => void refetch() });
  }, [token, data, isPending, error, refetch, onChange]);
  return null;
}

/** Loaded only when a token is stored, so a visitor's first paint carries no TanStack Query. */
export default function SessionQuery(props: Props) {
  return (
    <QueryProvider>
      <CheckSession {...props} />
    </QueryProvider>
  );
}
