import type { RouteObject } from 'react-router';
import { i18n, type Namespace } from '@/i18n';

export type PageModule = { Component: NonNullable<RouteObject['Component']> };

/**
 * A lazy page whose catalogs (i18n/index.ts) are fetched alongside its code, so it draws in the user's language
 * at once instead of suspending on its first string. The page gets the app's query cache (query-provider.tsx),
 * which the entry does not carry.
 */
export function page(load: () => Promise<PageModule>, ...namespaces: Namespace[]): () => Promise<PageModule> {
  return () =>
    Promise.all([
      load(),
      import('./query-provider'),
      i18n.loadNamespaces(namespaces).catch(() => undefined),
    ]).then(([module, { withQueryProvider }]) => ({ Component: withQueryProvider(module.Component) }));
}
