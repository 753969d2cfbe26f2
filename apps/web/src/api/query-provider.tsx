import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { queryClient } from './query-client.ts';

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export function wrapWithQueries(Page: ComponentType): ComponentType {
  function WithQueries() {
    return (
      <QueryProvider>
        <Page />
      </QueryProvider>
    );
  }
  WithQueries.displayName = `WithQueries(${Page.displayName ?? Page.name})`;
  return WithQueries;
}
