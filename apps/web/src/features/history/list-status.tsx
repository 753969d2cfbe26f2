import type { ReactNode } from 'react';
import { errorMessageOf } from '../../api/client.ts';
import { Loading } from '../../components/loading.tsx';

export type ListStatusProps = {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** What failed to load, e.g. "the list of presidents". */
  what: string;
  children: ReactNode;
};

/** Loading, or a retryable error, until the list is there. */
export function ListStatus({ isPending, error, onRetry, what, children }: ListStatusProps) {
  if (error) {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          We could not load {what}: {errorMessageOf(error)}
        </p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (isPending) return <Loading />;
  return <>{children}</>;
}
