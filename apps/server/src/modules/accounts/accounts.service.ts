import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  type ConnectablePlatformList,
  type SocialAccount as SocialAccountDto,
} from '@relaycast/shared/accounts';
import { PLATFORM_IDS, PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { inboxSyncState, socialAccounts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { connectorFor, hasConnector, missingConfiguration } from '../../platforms/registry';
import type { ConnectedIdentity, Connector } from '../../platforms/types';
import { inSameOwnerWorkspaces, ownerLockSql } from '../workspaces/owner-scope';
import { effectivePlan, type WorkspaceContext } from '../workspaces/workspaces.service';
import { loadAccount, type SocialAccount, tokenColumns } from './account-credentials';
import { type AccountEvents, noAccountEvents } from './account-events';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Statuses that hold a place against the plan's limits (a disconnected account holds none). */
const COUNTED_STATUSES = ['connected', 'needs_reconnect'] as const;

export function toAccountDto(account: SocialAccount): SocialAccountDto {
  return {
    id: account.id,
    platform: account.platform as PlatformId,
    handle: account.handle,
    displayName: account.displayName,
    avatarUrl: account.avatarUrl,
    instanceUrl: account.instanceUrl || null,
    status: account.status,
    lastSyncAt: account.lastSyncAt?.toISOString() ?? null,
    lastError: account.lastError,
    timezone: account.timezone,
    createdAt: account.createdAt.toISOString(),
  };
}

export async function listAccounts(db: Db, workspaceId: string): Promise<SocialAccount[]> {
  return db
    .select()
    .from(socialAccounts)
    .where(eq(socialAccounts.workspaceId, workspaceId))
    .orderBy(asc(socialAccounts.platform), asc(socialAccounts.createdAt));
}

/** The account or a 404 (another workspace's account is "not found" too). */
export async function requireAccount(db: Db, workspaceId: string, accountId: string): Promise<SocialAccount> {
  const account = await loadAccount(db, workspaceId, accountId);
  if (!account) throw new AppError('ACCOUNT_NOT_FOUND');
  return account;
}

export function parsePlatform(value: string): PlatformId {
  if (!(PLATFORM_IDS as readonly string[]).includes(value)) {
    throw new AppError('UNKNOWN_PLATFORM');
  }
  return value as PlatformId;
}

/** The connector for a platform, refusing clearly when it is missing, not configured or connected otherwise. */
export function connectorForConnect(
  config: Config,
  platform: PlatformId,
  method: Connector['capabilities']['auth'],
): Connector {
  const name = PLATFORMS[platform].name;
  if (!hasConnector(platform)) {
    throw new AppError('PLATFORM_UNAVAILABLE', { values: [name] });
  }
  const connector = connectorFor(platform);
  if (connector.capabilities.auth !== method) {
    throw new AppError('WRONG_CONNECT_METHOD', { values: [name] });
  }
  const missing = missingConfiguration(config, platform);
  if (missing.length > 0) {
    throw new AppError('PLATFORM_NOT_CONFIGURED', { values: [name, missing] });
  }
  return connector;
}

/** Accounts the connect limit counts, per platform, across every workspace of the paying owner. */
async function countedAccounts(db: Pick<Db, 'select'>, workspaceId: string) {
  return db
    .select({ platform: socialAccounts.platform, total: count() })
    .from(socialAccounts)
    .where(
      and(
        inSameOwnerWorkspaces(socialAccounts.workspaceId, workspaceId),
        inArray(socialAccounts.status, COUNTED_STATUSES),
      ),
    )
    .groupBy(socialAccounts.platform);
}

export async function listConnectablePlatforms(
  db: Db,
  config: Config,
  caller: Pick<Caller, 'workspaceId' | 'plan'>,
): Promise<ConnectablePlatformList> {
  const plan = effectivePlan(caller, config.billingMode);
  const used = (await countedAccounts(db, caller.workspaceId)).reduce(
    (sum, row) => sum + Number(row.total),
    0,
  );
  return {
    platforms: PLATFORM_IDS.map((platform) => {
      if (!hasConnector(platform)) {
        return { platform, name: PLATFORMS[platform].name, method: null, state: 'unavailable', missing: [] };
      }
      const missing = missingConfiguration(config, platform);
      return {
        platform,
        name: PLATFORMS[platform].name,
        method: connectorFor(platform).capabilities.auth,
        state: missing.length > 0 ? 'not_configured' : 'ready',
        missing,
      };
    }),
    limits: {
      planName: plan.name,
      socialAccounts: plan.socialAccounts,
      accountsPerPlatform: plan.accountsPerPlatform,
      used,
    },
  };
}

/** Refused connect because of the plan: the code tells the OAuth callback which message to show. */
export class PlanLimitError extends AppError {
  constructor(
    code: 'ACCOUNT_LIMIT' | 'PLATFORM_ACCOUNT_LIMIT',
    message: string,
    public readonly planId: string,
  ) {
    super(code, { message });
  }
}

/**
 * Stores a connected identity: reconnecting the same platform account (same workspace, platform, instance and
 * platform id) updates its row, whatever its status; a new one is inserted if the plan allows it. A
 * per-workspace transaction lock makes the count and the insert one step, so two concurrent connects cannot
 * exceed the limit.
 */
export async function saveConnectedAccount(
  db: Db,
  config: Config,
  input: {
    workspace: Pick<WorkspaceContext, 'id' | 'plan'>;
    userId: string;
    platform: PlatformId;
    instanceUrl?: string;
    identity: ConnectedIdentity;
    /** More to store with the account, in its transaction (the connection's proxy: connect-proxy.ts). */
    alsoSave?: (tx: Tx, account: SocialAccount) => Promise<void>;
  },
  events: AccountEvents = noAccountEvents,
): Promise<SocialAccount> {
  const { workspace, platform, identity } = input;
  const instanceUrl = input.instanceUrl ?? '';
  const plan = effectivePlan(workspace, config.billingMode);
  const now = new Date();
  const { account, isRestored } = await db.transaction(async (tx) => {
    // One lock per paying owner: the limits count across every workspace they own.
    await tx.execute(ownerLockSql(workspace.id));
    const [existing] = await tx
      .select()
      .from(socialAccounts)
      .where(
        and(
          eq(socialAccounts.workspaceId, workspace.id),
          eq(socialAccounts.platform, platform),
          eq(socialAccounts.instanceUrl, instanceUrl),
          eq(socialAccounts.platformAccountId, identity.profile.platformAccountId),
        ),
      )
      .limit(1);
    const alreadyCounted = existing !== undefined && existing.status !== 'disconnected';
    if (!alreadyCounted) {
      const rows = await countedAccounts(tx, workspace.id);
      const total = rows.reduce((sum, row) => sum + Number(row.total), 0);
      const onPlatform = Number(rows.find((row) => row.platform === platform)?.total ?? 0);
      if (total >= plan.socialAccounts) {
        throw new PlanLimitError(
          'ACCOUNT_LIMIT',
          ACCOUNT_MESSAGES.totalLimit(plan.socialAccounts, plan.name),
          plan.id,
        );
      }
      if (onPlatform >= plan.accountsPerPlatform) {
        throw new PlanLimitError(
          'PLATFORM_ACCOUNT_LIMIT',
          ACCOUNT_MESSAGES.perPlatformLimit(plan.accountsPerPlatform, plan.name, PLATFORMS[platform].name),
          plan.id,
        );
      }
    }
    // A reconnect starts from what the platform gives now; earlier secrets are kept only where it gives none.
    const columns = tokenColumns(identity.tokens, config.appSecret, {
      meta: existing?.meta ?? {},
      secrets: {},
    });
    const values = {
      ...columns,
      // Reconnecting without a new refresh token must not keep a stale one from before a disconnect.
      refreshTokenEncrypted: columns.refreshTokenEncrypted ?? null,
      handle: identity.profile.handle,
      displayName: identity.profile.displayName,
      avatarUrl: identity.profile.avatarUrl ?? null,
      status: 'connected' as const,
      lastSyncAt: now,
      lastError: null,
      reconnectNotifiedAt: null,
      refreshClaimedUntil: null,
      connectedBy: input.userId,
      updatedAt: now,
    };
    if (existing) {
      const [updated] = await tx
        .update(socialAccounts)
        .set(values)
        .where(eq(socialAccounts.id, existing.id))
        .returning();
      // New tokens: the inbox syncs again now, without the back-off and the error of the old ones.
      await tx
        .update(inboxSyncState)
        .set({ nextSyncAt: now, failures: 0, lastError: null, claimedUntil: null })
        .where(eq(inboxSyncState.accountId, existing.id));
      await input.alsoSave?.(tx, updated as SocialAccount);
      return { account: updated as SocialAccount, isRestored: existing.status !== 'connected' };
    }
    const [inserted] = await tx
      .insert(socialAccounts)
      .values({
        id: randomBytes(16).toString('base64url'),
        workspaceId: workspace.id,
        platform,
        instanceUrl,
        platformAccountId: identity.profile.platformAccountId,
        createdAt: now,
        ...values,
      })
      .returning();
    await input.alsoSave?.(tx, inserted as SocialAccount);
    return { account: inserted as SocialAccount, isRestored: false };
  });
  // Posts that were waiting for this account (flagged when it was disconnected) wait for their instant again.
  if (isRestored) await events.reconnected(db, account.id);
  return account;
}

/**
 * Disconnects: the tokens and secrets are removed, the row stays (history and post targets still name it), and
 * the account's scheduled posts are flagged. Returns the account as it is now.
 */
export async function disconnectAccount(
  db: Db,
  workspaceId: string,
  accountId: string,
  events: AccountEvents = noAccountEvents,
): Promise<SocialAccount> {
  await requireAccount(db, workspaceId, accountId);
  const [updated] = await db
    .update(socialAccounts)
    .set({
      status: 'disconnected',
      accessTokenEncrypted: null,
      refreshTokenEncrypted: null,
      secretsEncrypted: null,
      expiresAt: null,
      lastError: null,
      reconnectNotifiedAt: null,
      refreshClaimedUntil: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(socialAccounts.id, accountId),
        eq(socialAccounts.workspaceId, workspaceId),
        ne(socialAccounts.status, 'disconnected'),
      ),
    )
    .returning();
  // Scheduled posts for the account are flagged for the user, never silently dropped.
  await events.disconnected(db, accountId);
  return updated ?? (await requireAccount(db, workspaceId, accountId));
}
