/**
 * The inbox sync: reads each connected account's comments, mentions and messages from its platform into
 * inbox_items, page by page within the platform's limits; accounts are claimed (SKIP LOCKED) so one process
 * syncs an account at a time.
 * Over 300 lines on purpose: the claim, the paging and the merge share one account claim; apart, its rules
 * would be read across files.
 */
import { randomUUID } from 'node:crypto';
import { type InboxRefreshResult, isEngagementPlatform } from '@relaycast/shared/engagement';
import type { PlatformId } from '@relaycast/shared/platforms';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { inboxItems, inboxSyncState, postTargets, socialAccounts } from '../../db/schema/index';
import { connectorFor, hasConnector } from '../../platforms/registry';
import { type Connector, PlatformError, type PlatformInboxItem } from '../../platforms/types';
import { withFreshCredentials } from '../accounts/account-credentials';

/** Pages read per account per sync (each page is one platform request): keeps one sync inside rate limits. */
const MAX_PAGES_PER_SYNC = 5;
const CLAIM_MS = 2 * 60 * 1000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

type Account = typeof socialAccounts.$inferSelect;

function readsInbox(connector: Connector): boolean {
  const { readComments, readMentions, readMessages } = connector.capabilities.engagement;
  return Boolean(connector.engagement?.listInbox) && (readComments || readMentions || readMessages);
}

/** Whether this account's platform can fill the inbox on this server. */
export function canSyncAccount(account: Pick<Account, 'platform' | 'status'>): boolean {
  if (account.status !== 'connected' || !isEngagementPlatform(account.platform)) return false;
  if (!hasConnector(account.platform as PlatformId)) return false;
  return readsInbox(connectorFor(account.platform as PlatformId));
}

export interface AccountSyncOutcome {
  newItems: number;
  /** Set when the account could not be read now; the message says why. */
  problem?: string;
}

/**
 * Stores items read from the platform once each: the unique (account, platform item id) key and ON CONFLICT DO
 * NOTHING make a later sync (or a concurrent one) a no-op for items already stored. Comments on one of the
 * workspace's published posts are linked to it.
 */
export async function storeInboxItems(db: Db, account: Account, items: PlatformInboxItem[]): Promise<number> {
  const incoming = items.filter((item) => item.author.platformUserId !== account.platformAccountId);
  if (incoming.length === 0) return 0;
  const postIds = [
    ...new Set(incoming.map((item) => item.platformPostId).filter((id): id is string => !!id)),
  ];
  const targets =
    postIds.length === 0
      ? []
      : await db
          .select({
            id: postTargets.id,
            postId: postTargets.postId,
            platformPostId: postTargets.platformPostId,
          })
          .from(postTargets)
          .where(
            and(
              eq(postTargets.workspaceId, account.workspaceId),
              eq(postTargets.accountId, account.id),
              isNotNull(postTargets.platformPostId),
              inArray(postTargets.platformPostId, postIds),
            ),
          );
  const targetOf = new Map(targets.map((target) => [target.platformPostId, target]));
  const inserted = await db
    .insert(inboxItems)
    .values(
      incoming.map((item) => {
        const target = item.platformPostId ? targetOf.get(item.platformPostId) : undefined;
        return {
          id: randomUUID(),
          workspaceId: account.workspaceId,
          accountId: account.id,
          platform: account.platform,
          kind: item.kind,
          platformItemId: item.platformItemId,
          authorPlatformId: item.author.platformUserId,
          authorHandle: item.author.handle,
          authorName: item.author.displayName ?? null,
          text: item.text,
          url: item.url ?? null,
          platformPostId: item.platformPostId ?? null,
          conversationId: item.conversationId ?? null,
          postId: target?.postId ?? null,
          postTargetId: target?.id ?? null,
          arrivedAt: item.createdAt,
        };
      }),
    )
    .onConflictDoNothing({ target: [inboxItems.accountId, inboxItems.platformItemId] })
    .returning({ id: inboxItems.id });
  return inserted.length;
}

/**
 * Reads an account's new comments, mentions and messages since the last sync and stores them. A rate limit
 * (PlatformError 'retry') postpones the account until the platform's reset (or an exponential backoff); a
 * refused token marks the account "needs reconnect" (withFreshCredentials) and parks the sync.
 */
export async function syncAccount(
  db: Db,
  config: Config,
  account: Account,
  intervalMs: number,
): Promise<AccountSyncOutcome> {
  const connector = connectorFor(account.platform as PlatformId);
  const [state] = await db.select().from(inboxSyncState).where(eq(inboxSyncState.accountId, account.id));
  const since = state?.since ?? undefined;
  let newest = since;
  let newItems = 0;
  try {
    await withFreshCredentials(db, config, account.id, async (credentials, ctx) => {
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES_PER_SYNC; page += 1) {
        const result = await connector.engagement!.listInbox!(ctx, credentials, { since, cursor });
        newItems += await storeInboxItems(db, account, result.items);
        for (const item of result.items) {
          if (!newest || item.createdAt > newest) newest = item.createdAt;
        }
        if (!result.nextCursor || result.items.length === 0) break;
        cursor = result.nextCursor;
      }
    });
  } catch (error) {
    const failures = (state?.failures ?? 0) + 1;
    let waitMs = Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** Math.min(failures, 6));
    let message = error instanceof Error ? error.message : String(error);
    if (error instanceof PlatformError) {
      if (error.kind === 'retry' && error.details.retryAfterMs !== undefined) {
        waitMs = Math.max(error.details.retryAfterMs, 1_000);
        message = `Rate limited by the platform; next try at ${new Date(Date.now() + waitMs).toISOString()}.`;
      } else if (error.kind === 'reauthorize') {
        waitMs = MAX_BACKOFF_MS;
        message = 'The account needs reconnecting.';
      }
    }
    await saveState(db, account, {
      since: newest ?? null,
      nextSyncAt: new Date(Date.now() + waitMs),
      failures,
      lastError: message.slice(0, 1_000),
    });
    return { newItems, problem: message };
  }
  await saveState(db, account, {
    since: newest ?? null,
    nextSyncAt: new Date(Date.now() + intervalMs),
    failures: 0,
    lastError: null,
    lastSyncedAt: new Date(),
  });
  return { newItems };
}

async function saveState(
  db: Db,
  account: Account,
  values: {
    since: Date | null;
    nextSyncAt: Date;
    failures: number;
    lastError: string | null;
    lastSyncedAt?: Date;
  },
) {
  await db
    .insert(inboxSyncState)
    .values({ accountId: account.id, workspaceId: account.workspaceId, ...values, claimedUntil: null })
    .onConflictDoUpdate({
      target: inboxSyncState.accountId,
      set: { ...values, claimedUntil: null },
    });
}

/**
 * Claims accounts for this process (UPDATE … RETURNING over rows locked with SKIP LOCKED), so several processes
 * never sync one account at once. `due` = only those whose next sync time has come (the sweep); the Refresh
 * button passes false but still respects a platform's rate-limit reset (failures > 0 and not yet due).
 */
async function claimAccounts(db: Db, filter: { workspaceId?: string; due: boolean; limit: number }) {
  // Every connected account gets a state row the first time it is seen. An account without a token (the
  // generated demo ones) is never claimed: reading it would only flip it to needs_reconnect.
  await db.execute(sql`
    insert into ${inboxSyncState} (account_id, workspace_id)
    select ${socialAccounts.id}, ${socialAccounts.workspaceId} from ${socialAccounts}
    where ${socialAccounts.status} = 'connected' and ${socialAccounts.accessTokenEncrypted} is not null
      ${filter.workspaceId ? sql`and ${socialAccounts.workspaceId} = ${filter.workspaceId}` : sql``}
    on conflict do nothing`);
  const claimUntil = new Date(Date.now() + CLAIM_MS).toISOString();
  const claimed = (await db.execute(sql`
    update ${inboxSyncState} set claimed_until = ${claimUntil}::timestamptz
    where account_id in (
      select s.account_id from ${inboxSyncState} s
      join ${socialAccounts} a on a.id = s.account_id and a.status = 'connected'
        and a.access_token_encrypted is not null
      where (s.claimed_until is null or s.claimed_until < now())
        ${filter.workspaceId ? sql`and s.workspace_id = ${filter.workspaceId}` : sql``}
        ${filter.due ? sql`and s.next_sync_at <= now()` : sql`and (s.failures = 0 or s.next_sync_at <= now())`}
      order by s.next_sync_at
      limit ${filter.limit}
      for update of s skip locked
    )
    returning account_id`)) as unknown as { rows: { account_id: string }[] };
  const ids = claimed.rows.map((row) => row.account_id);
  if (ids.length === 0) return [];
  return db.select().from(socialAccounts).where(inArray(socialAccounts.id, ids));
}

async function releaseClaims(db: Db, accountIds: string[]) {
  if (accountIds.length === 0) return;
  await db
    .update(inboxSyncState)
    .set({ claimedUntil: null })
    .where(inArray(inboxSyncState.accountId, accountIds));
}

/** "Refresh": syncs the workspace's accounts now (except those waiting for a platform's rate-limit reset). */
export async function refreshWorkspaceInbox(
  db: Db,
  config: Config,
  workspaceId: string,
): Promise<InboxRefreshResult> {
  const intervalMs = Math.max(config.engagementSyncIntervalSeconds, 60) * 1000;
  const accounts = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.status, 'connected')));
  const syncable = accounts.filter(
    (account) => account.accessTokenEncrypted !== null && canSyncAccount(account),
  );
  const claimed = await claimAccounts(db, { workspaceId, due: false, limit: 100 });
  const claimedIds = new Set(claimed.map((account) => account.id));
  const result: InboxRefreshResult = { accounts: 0, newItems: 0, problems: [] };
  try {
    for (const account of syncable) {
      if (!claimedIds.has(account.id)) {
        const [state] = await db
          .select()
          .from(inboxSyncState)
          .where(eq(inboxSyncState.accountId, account.id));
        result.problems.push({
          accountId: account.id,
          handle: account.handle,
          message:
            state?.lastError && state.nextSyncAt > new Date()
              ? `${state.lastError}`
              : 'A sync of this account is already running.',
        });
        continue;
      }
      result.accounts += 1;
      const outcome = await syncAccount(db, config, account, intervalMs);
      result.newItems += outcome.newItems;
      if (outcome.problem) {
        result.problems.push({ accountId: account.id, handle: account.handle, message: outcome.problem });
      }
    }
  } finally {
    await releaseClaims(
      db,
      claimed.filter((account) => !syncable.some((s) => s.id === account.id)).map((account) => account.id),
    );
  }
  return result;
}

/** One pass of the background sweep: the accounts due, claimed for this process, synced one by one. */
export async function sweepInboxes(db: Db, config: Config, log: FastifyBaseLogger, limit = 20) {
  const intervalMs = Math.max(config.engagementSyncIntervalSeconds, 1) * 1000;
  const claimed = await claimAccounts(db, { due: true, limit });
  const skipped: string[] = [];
  for (const account of claimed) {
    if (!canSyncAccount(account)) {
      skipped.push(account.id);
      continue;
    }
    try {
      const outcome = await syncAccount(db, config, account, intervalMs);
      if (outcome.problem)
        log.warn({ accountId: account.id, problem: outcome.problem }, 'inbox sync problem');
    } catch (error) {
      log.warn({ err: error, accountId: account.id }, 'inbox sync failed');
    }
  }
  // Accounts whose platform cannot be read are looked at again only after a day.
  if (skipped.length > 0) {
    await db
      .update(inboxSyncState)
      .set({ claimedUntil: null, nextSyncAt: new Date(Date.now() + 24 * 60 * 60 * 1000) })
      .where(inArray(inboxSyncState.accountId, skipped));
  }
}
