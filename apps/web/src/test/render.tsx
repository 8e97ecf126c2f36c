import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The address the router starts at (default `/`). */
  route?: string;
  /** The navigation state it arrived with (what `navigate(route, { state })` carries). */
  state?: unknown;
}

/**
 * The one way a web test renders a component: inside what the app gives every page, a fresh TanStack Query
 * cache that does not retry (a failed request shows at once) and a router at `route`. i18n is started once
 * for every test in `setup.ts`. `rerender` keeps the providers.
 *
 *   fakeApi({ 'GET /api/dashboard': dashboard });
 *   const { client } = renderWithProviders(<YourState />, { route: '/dashboard' });
 *   renderWithProviders(<PostComposerPage />, { route: '/post-composer', state: { aiPrompt: 'Launch' } });
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const { route = '/', state, ...renderOptions } = options;
  const address = new URL(route, 'http://localhost');
  const entry = { pathname: address.pathname, search: address.search, hash: address.hash, state };
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
  }
  return { ...render(ui, { wrapper: Providers, ...renderOptions }), client };
}
