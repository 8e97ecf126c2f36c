import type {
  AccountProxy,
  AccountProxyInput,
  AccountProxyList,
  ConnectProxyCheckInput,
  ProxyCheckInput,
  ProxyCheckResult,
} from '@relaycast/shared/proxies';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Accounts' proxies: `/api/accounts/proxies`, `/api/accounts/:id/proxy…` (docs/proxies.md). */

export const proxyKeys = {
  all: ['proxies'] as const,
  list: () => [...proxyKeys.all, 'list'] as const,
};

const proxyUrl = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}/proxy`;

function invalidateProxies(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: proxyKeys.all });
}

/** `GET /api/accounts/proxies`: the workspace's accounts' proxies (never a password). */
export function useAccountProxies() {
  return useQuery({
    queryKey: proxyKeys.list(),
    queryFn: async () => (await apiFetch<AccountProxyList>('/api/accounts/proxies')).proxies,
  });
}

/** `PUT /api/accounts/:id/proxy`: sets the proxy; `replace: true` once the user confirmed a change. */
export function useSaveProxy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, input }: { accountId: string; input: AccountProxyInput }) =>
      apiFetch<AccountProxy>(proxyUrl(accountId), { method: 'PUT', json: input }),
    onSettled: () => invalidateProxies(queryClient),
  });
}

/** `DELETE /api/accounts/:id/proxy`: the account's calls go out directly again. */
export function useRemoveProxy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => apiFetch<void>(proxyUrl(accountId), { method: 'DELETE' }),
    onSettled: () => invalidateProxies(queryClient),
  });
}

/** `POST /api/accounts/:id/proxy/check`: the values on screen, or `{}` for the stored proxy. */
export function useCheckProxy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, input }: { accountId: string; input: ProxyCheckInput }) =>
      apiFetch<ProxyCheckResult>(`${proxyUrl(accountId)}/check`, { method: 'POST', json: input }),
    onSettled: () => invalidateProxies(queryClient),
  });
}

/** `POST /api/accounts/connect/proxy/check`: "Check proxy" before connecting through it (records nothing). */
export function useCheckConnectProxy() {
  return useMutation({
    mutationFn: (input: ConnectProxyCheckInput) =>
      apiFetch<ProxyCheckResult>('/api/accounts/connect/proxy/check', { method: 'POST', json: input }),
  });
}
