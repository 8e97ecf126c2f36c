import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';

/** Gives a page (or the signed-in layout) the app's one query cache. Nested uses share it. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A lazy page's component inside the query cache's provider (router.tsx wraps every lazy page with it). */
export function withQueryProvider(Page: ComponentType): ComponentType {
  function PageWithQueries() {
    return (
      <QueryProvider>
        <Page />
      </QueryProvider>
    );
  }
  PageWithQueries.displayName = `WithQueries(${Page.displayName ?? Page.name})`;
  return PageWithQueries;
}
