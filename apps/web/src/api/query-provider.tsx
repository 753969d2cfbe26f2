import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ComponentType, type ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/**
 * The app's one query client, or the client already provided above: the server's render of a
 * page (src/prerender.tsx) provides its own, seeded with that request's answers. The tree is the
 * same either way (one provider), so the browser hydrates the server's markup as it rendered.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  return <QueryClientProvider client={provided ?? queryClient}>{children}</QueryClientProvider>;
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
