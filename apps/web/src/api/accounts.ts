import type {
  BlueskyConnectInput,
  ConnectablePlatformList,
  OauthStartResult,
  SocialAccount,
  SocialAccountList,
} from '@relaycast/shared/accounts';
import type { KeyCheck, PlatformSetupList } from '@relaycast/shared/accounts-setup';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { ConnectThroughInput } from '@relaycast/shared/proxies';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The workspace's connected accounts and what can be connected: `/api/accounts…`. */

export const accountKeys = {
  all: ['accounts'] as const,
  list: () => [...accountKeys.all, 'list'] as const,
  platforms: () => [...accountKeys.all, 'platforms'] as const,
  setup: () => [...accountKeys.all, 'platform-setup'] as const,
};

function invalidateAccounts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

/** `GET /api/accounts`. */
export function useAccounts() {
  return useQuery({
    queryKey: accountKeys.list(),
    queryFn: async () => (await apiFetch<SocialAccountList>('/api/accounts')).accounts,
  });
}

/** `GET /api/accounts/platforms`: each platform's state (ready / not configured / unavailable) and the plan's limits. */
export function useConnectablePlatforms() {
  return useQuery({
    queryKey: accountKeys.platforms(),
    queryFn: () => apiFetch<ConnectablePlatformList>('/api/accounts/platforms'),
  });
}

/** `GET /api/accounts/platform-setup`: what to register at each platform (owners and admins; docs/platform-setup.md). */
export function usePlatformSetup(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.setup(),
    queryFn: () => apiFetch<PlatformSetupList>('/api/accounts/platform-setup'),
    enabled,
  });
}

/** `POST /api/accounts/platform-setup/:platform/check`: whether the platform accepts the configured keys. */
export function useCheckKeys() {
  return useMutation({
    mutationFn: (platform: PlatformId) =>
      apiFetch<KeyCheck>(`/api/accounts/platform-setup/${platform}/check`, { method: 'POST', json: {} }),
  });
}

/** Sends the browser to the platform's consent page; it comes back to /connected-accounts through the callback. */
function leaveForAuthorization({ url }: OauthStartResult) {
  window.location.assign(url);
}

/**
 * `POST /api/accounts/oauth/:platform/start`; `through` names the reconnected account and the proxy to connect
 * through (docs/decisions/0098-proxy-at-connection.md).
 */
export function useStartOAuth() {
  return useMutation({
    mutationFn: ({ platform, through = {} }: { platform: PlatformId; through?: ConnectThroughInput }) =>
      apiFetch<OauthStartResult>(`/api/accounts/oauth/${platform}/start`, { method: 'POST', json: through }),
    onSuccess: leaveForAuthorization,
  });
}

/** `POST /api/accounts/mastodon/start`: registers Relaycast on the instance if needed, then authorizes there. */
export function useStartMastodon() {
  return useMutation({
    mutationFn: ({ instanceUrl, through = {} }: { instanceUrl: string; through?: ConnectThroughInput }) =>
      apiFetch<OauthStartResult>('/api/accounts/mastodon/start', {
        method: 'POST',
        json: { instanceUrl, ...through },
      }),
    onSuccess: leaveForAuthorization,
  });
}

/** `POST /api/accounts/bluesky`: handle + app password. */
export function useConnectBluesky() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlueskyConnectInput & ConnectThroughInput) =>
      apiFetch<SocialAccount>('/api/accounts/bluesky', { method: 'POST', json: input }),
    onSuccess: () => invalidateAccounts(queryClient),
  });
}

/** `POST /api/accounts/:id/refresh`. */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<SocialAccount>(`/api/accounts/${encodeURIComponent(id)}/refresh`, { method: 'POST' }),
    onSettled: () => invalidateAccounts(queryClient),
  });
}

/**
 * `PATCH /api/accounts/:id`: the account's audience time zone (null: the viewer's own), which its best time is
 * counted in. The best-time queries are refreshed with the accounts.
 */
export function useSaveAccountTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, timezone }: { id: string; timezone: string | null }) =>
      apiFetch<SocialAccount>(`/api/accounts/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: { timezone },
      }),
    onSettled: async () => {
      await invalidateAccounts(queryClient);
      await queryClient.invalidateQueries({ queryKey: ['best-time'] });
    },
  });
}

/** `DELETE /api/accounts/:id`: removes the tokens; the account stays listed as disconnected. */
export function useDisconnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<SocialAccount>(`/api/accounts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => invalidateAccounts(queryClient),
  });
}
