import { QueryClient } from '@tanstack/react-query';

/**
 * The one TanStack Query cache of the app. Created by the first page that needs it (a lazy chunk): the home
 * page fetches no data through it, so its JavaScript does not carry TanStack Query (docs/benchmarks.md).
 */
export const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } });
