import type { SocialAccount } from '@relaycast/shared/accounts';

/** A connected account as the API answers it, for component tests; `fields` set the rest. */
export function accountFixture(fields: Partial<SocialAccount> = {}): SocialAccount {
  return {
    id: 'ig-1',
    platform: 'instagram',
    handle: 'cafe.ig',
    displayName: 'Café',
    avatarUrl: null,
    instanceUrl: null,
    status: 'connected',
    lastSyncAt: null,
    lastError: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  } as SocialAccount;
}
