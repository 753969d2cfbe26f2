import type { ComponentType } from 'react';

type Wrap = (Page: ComponentType) => ComponentType;

let loading: Promise<Wrap> | undefined;

/**
 * TanStack Query and the app's query client, fetched with the first page that reads or writes
 * (never on the first paint of a page that makes no call). Resolves to a wrapper that puts a
 * page inside the one client's provider, so `useQuery`, `useQueryClient` and the call hooks work
 * anywhere in it.
 */
export function withQueries(): Promise<Wrap> {
  loading ??= import('./query-provider.tsx').then(
    ({ wrapWithQueries }) => wrapWithQueries,
    (error: unknown) => {
      // A failed fetch (a flaky connection) is tried again by the next page.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
