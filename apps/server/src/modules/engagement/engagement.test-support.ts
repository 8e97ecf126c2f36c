import { randomUUID } from 'node:crypto';
import { FULL_ENGAGEMENT } from '@relaycast/shared/engagement-capabilities';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { TestApp } from '../../../test/test-app';
import { inboxItems, socialAccounts } from '../../db/schema/index';
import { encryptSecret } from '../../lib/secrets';
import { registerConnector } from '../../platforms/registry';
import {
  type Connector,
  type EngagementTarget,
  PlatformError,
  type PlatformInboxItem,
} from '../../platforms/types';

/** Shared by the engagement suites: accounts and inbox items made directly, and a scripted connector. */

export async function insertAccount(
  t: TestApp,
  workspaceId: string,
  platform: PlatformId,
  options: {
    handle?: string;
    platformAccountId?: string;
    meta?: Record<string, string>;
    accessToken?: string;
  } = {},
): Promise<string> {
  const id = randomUUID();
  await t.db.insert(socialAccounts).values({
    id,
    workspaceId,
    platform,
    platformAccountId: options.platformAccountId ?? `acct-${id.slice(0, 8)}`,
    handle: options.handle ?? `${platform}-${id.slice(0, 4)}`,
    displayName: 'Test account',
    status: 'connected',
    accessTokenEncrypted: encryptSecret(options.accessToken ?? `token-${id}`, t.config.appSecret),
    meta: options.meta ?? {},
  });
  return id;
}

export async function insertItem(
  t: TestApp,
  account: { id: string; workspaceId: string; platform: string },
  values: Partial<typeof inboxItems.$inferInsert> = {},
): Promise<string> {
  const id = randomUUID();
  await t.db.insert(inboxItems).values({
    id,
    workspaceId: account.workspaceId,
    accountId: account.id,
    platform: account.platform,
    kind: 'comment',
    platformItemId: `item-${id.slice(0, 8)}`,
    authorPlatformId: 'fan-1',
    authorHandle: 'fan',
    text: 'Great post!',
    platformPostId: 'post-1',
    arrivedAt: new Date(Date.now() - 60_000),
    ...values,
  });
  return id;
}

export interface ScriptedCall {
  operation: 'like' | 'reply' | 'message';
  target: EngagementTarget;
  text?: string;
  accessToken: string;
}

/**
 * Installs a connector for `platform` whose engagement operations record their calls and succeed, unless
 * `failWith` is set. Returns the calls, a switch to make calls fail, and the restore function.
 */
export function installScriptedConnector(platform: PlatformId, inbox: PlatformInboxItem[] = []) {
  const calls: ScriptedCall[] = [];
  const state: { failWith?: PlatformError } = {};
  const connector: Connector = {
    platform,
    capabilities: {
      auth: 'oauth2',
      pkce: false,
      refresh: false,
      publishText: true,
      publishImages: false,
      publishVideo: false,
      mediaByUrl: false,
      listRecentPosts: false,
      engagement: FULL_ENGAGEMENT,
      maxConcurrency: 4,
    },
    defaultUrls: { api: 'http://127.0.0.1:9' },
    scopes: [],
    requiresClientCredentials: false,
    async publish() {
      throw new PlatformError('refuse', 'not in these tests');
    },
    engagement: {
      async listInbox() {
        return { items: inbox };
      },
      async like(_ctx, credentials, target) {
        if (state.failWith) throw state.failWith;
        calls.push({ operation: 'like', target, accessToken: credentials.accessToken });
      },
      async reply(_ctx, credentials, target, text) {
        if (state.failWith) throw state.failWith;
        calls.push({ operation: 'reply', target, text, accessToken: credentials.accessToken });
        return { platformItemId: `reply-${calls.length}` };
      },
      async message(_ctx, credentials, target, text) {
        if (state.failWith) throw state.failWith;
        calls.push({ operation: 'message', target, text, accessToken: credentials.accessToken });
        return { platformItemId: `dm-${calls.length}` };
      },
    },
  };
  const restore = registerConnector(connector);
  return { calls, state, restore };
}
