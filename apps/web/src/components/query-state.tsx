import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessageOf } from '../api/api-error.ts';
import { Loading } from './loading.tsx';

export type QueryStateProps<T> = {
  /** A read from `useCallQuery` (or any `useQuery`). */
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'refetch'>;
  /** What failed to load, after "We could not load", e.g. "the list of presidents". */
  what: string;
  /** Shown beside the spinner while the first answer is on its way. */
  loadingLabel?: string;
  /** The content, given the answer. */
  children: (data: T) => ReactNode;
};

/**
 * The one loading and error state of a read: Loading until the first answer, a message with
 * Try again when the read failed, then the content.
 */
export function QueryState<T>({ query, what, loadingLabel, children }: QueryStateProps<T>) {
  if (query.error) {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          We could not load {what}: {errorMessageOf(query.error)}
        </p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (query.isPending || query.data === undefined) return <Loading label={loadingLabel} />;
  return <>{children(query.data)}</>;
}
