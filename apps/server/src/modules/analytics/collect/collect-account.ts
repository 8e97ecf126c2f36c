import { ANALYTICS_COLLECT_MESSAGES, ANALYTICS_MESSAGES } from '@relaycast/shared/analytics';
import type { PlatformId } from '@relaycast/shared/platforms';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/client';
import {
  analyticsCollectState,
  mediaFiles,
  postMedia,
  postMetrics,
  postTargets,
  refusedMetrics,
  type socialAccounts,
} from '../../../db/schema/index';
import { connectorFor, hasConnector } from '../../../platforms/registry';
import { type AnalyticsPostRef, type Connector, PlatformError } from '../../../platforms/types';
import { withFreshCredentials } from '../../accounts/account-credentials';
import { readBudget, remainingReads, spendReads } from './collect-budget';
import { dayOf, NEVER, recomputeAccountDays, storeFollowers, storePostPull } from './collect-store';

/**
 * One account's analytics pull (the account is claimed by the sweep): its followers, then its due posts in
 * batches, through the connector's `analytics` operations only (never a platform id). Billed platforms
 * (capabilities.analyticsReadsBilled) read only within the workspace's monthly budget. A 429 postpones the account
 * to the platform's reset; a refused token parks it (the accounts module marks it "needs reconnect").
 */

type Account = typeof socialAccounts.$inferSelect;

/** Posts read per account per pass, and per connector call. */
const MAX_POSTS_PER_PASS = 500;
const BATCH = 100;
const MAX_BACKOFF_MS = 24 * 3600_000;

class BudgetStop extends Error {}

export function collectsAnalytics(account: Pick<Account, 'platform' | 'status'>): boolean {
  if (account.status !== 'connected' || !hasConnector(account.platform as PlatformId)) return false;
  return Boolean(connectorFor(account.platform as PlatformId).analytics);
}

/** Every published post of the account gets its post_metrics row (first pull due now). */
async function ensurePostRows(db: Db, account: Account, now: Date): Promise<string[]> {
  const inserted = (await db.execute(sql`
    insert into post_metrics (target_id, workspace_id, account_id, platform, platform_post_id, published_at, next_fetch_at)
    select t.id, t.workspace_id, t.account_id, t.platform, t.platform_post_id, t.published_at,
      ${now.toISOString()}::timestamptz
    from post_targets t
    where t.account_id = ${account.id} and t.status = 'published'
      and t.platform_post_id is not null and t.published_at is not null
    on conflict (target_id) do nothing
    returning published_at`)) as unknown as { rows: { published_at: string | Date }[] };
  return inserted.rows.map((row) => dayOf(new Date(row.published_at)));
}

/** A neutral media type per target (TEXT, IMAGE, VIDEO, CAROUSEL_ALBUM): connectors map it to their own names. */
async function mediaTypesOf(db: Db, targetIds: string[]): Promise<Map<string, string>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .select({ targetId: postTargets.id, kind: mediaFiles.kind })
    .from(postTargets)
    .innerJoin(postMedia, eq(postMedia.postId, postTargets.postId))
    .innerJoin(mediaFiles, eq(mediaFiles.id, postMedia.mediaId))
    .where(inArray(postTargets.id, targetIds));
  const kinds = new Map<string, string[]>();
  for (const row of rows) kinds.set(row.targetId, [...(kinds.get(row.targetId) ?? []), row.kind]);
  return new Map(
    targetIds.map((id) => {
      const list = kinds.get(id) ?? [];
      if (list.length === 0) return [id, 'TEXT'];
      if (list.length > 1) return [id, 'CAROUSEL_ALBUM'];
      return [id, list[0] === 'video' ? 'VIDEO' : 'IMAGE'];
    }),
  );
}

async function skipMetricsOf(db: Db, platform: string): Promise<Set<string>> {
  const rows = await db.select().from(refusedMetrics).where(eq(refusedMetrics.platform, platform));
  return new Set(rows.map((row) => `${row.mediaType}:${row.metric}`));
}

export interface CollectOutcome {
  posts: number;
  problem?: string;
}

async function pull(db: Db, config: Config, account: Account, connector: Connector, now: Date) {
  const analytics = connector.analytics!;
  const billed = connector.capabilities.analyticsReadsBilled === true;
  const days = [dayOf(now), ...(await ensurePostRows(db, account, now))];
  let posts = 0;
  let budgetLeft = Number.POSITIVE_INFINITY;
  if (billed) {
    const budget = await readBudget(db, account.workspaceId, account.platform, now);
    budgetLeft = remainingReads(budget);
    if (budgetLeft < 1) {
      throw new BudgetStop(
        budget.monthlyLimit === null
          ? ANALYTICS_COLLECT_MESSAGES.budgetNotSet
          : ANALYTICS_MESSAGES.budgetExhausted,
      );
    }
  }
  const spend = async (reads: number) => {
    if (!billed) return;
    budgetLeft -= reads;
    await spendReads(db, account.workspaceId, account.platform, reads, now);
  };
  try {
    await withFreshCredentials(db, config, account.id, async (credentials, ctx) => {
      const accountRead = await analytics.readAccount(ctx, credentials);
      await spend(accountRead.reads);
      await storeFollowers(db, account, accountRead.figures.followers, now);
      const skipMetrics = await skipMetricsOf(db, account.platform);
      while (posts < MAX_POSTS_PER_PASS) {
        const limit = Math.min(BATCH, MAX_POSTS_PER_PASS - posts, budgetLeft);
        const due = await db
          .select()
          .from(postMetrics)
          .where(and(eq(postMetrics.accountId, account.id), lte(postMetrics.nextFetchAt, now)))
          .orderBy(asc(postMetrics.nextFetchAt))
          .limit(Math.max(limit, 1));
        if (due.length === 0) break;
        if (limit < 1) {
          // Posts are due but no read is left: the budget (billed) or this pass's share is spent.
          if (billed && budgetLeft < 1) throw new BudgetStop(ANALYTICS_MESSAGES.budgetExhausted);
          break;
        }
        const types = await mediaTypesOf(
          db,
          due.map((row) => row.targetId),
        );
        const refs: AnalyticsPostRef[] = due.map((row) => ({
          platformPostId: row.platformPostId,
          publishedAt: row.publishedAt,
          mediaType: types.get(row.targetId),
        }));
        const result = await analytics.readPosts(ctx, credentials, refs, { skipMetrics });
        await spend(result.reads);
        for (const refused of result.refused) {
          skipMetrics.add(`${refused.mediaType}:${refused.platformMetric}`);
          await db
            .insert(refusedMetrics)
            .values({
              platform: account.platform,
              mediaType: refused.mediaType,
              metric: refused.platformMetric,
              reason: refused.reason.slice(0, 1_000),
            })
            .onConflictDoNothing();
        }
        for (const row of due) {
          const figures = result.posts[row.platformPostId];
          if (!figures) {
            await db
              .update(postMetrics)
              .set({ nextFetchAt: NEVER, lastError: ANALYTICS_COLLECT_MESSAGES.postGone, fetchedAt: now })
              .where(eq(postMetrics.targetId, row.targetId));
            continue;
          }
          await storePostPull(db, row, figures, now);
          posts += 1;
        }
      }
    });
  } finally {
    // Whatever was stored before a failure counts in the account's days.
    await recomputeAccountDays(db, account, days, now);
  }
  return posts;
}

export async function collectAccount(
  db: Db,
  config: Config,
  account: Account,
  now = new Date(),
): Promise<CollectOutcome> {
  const intervalMs = Math.max(config.analyticsCollectIntervalSeconds, 60) * 1000;
  const [state] = await db
    .select()
    .from(analyticsCollectState)
    .where(eq(analyticsCollectState.accountId, account.id));
  if (!collectsAnalytics(account)) {
    await saveState(db, account, { nextCollectAt: new Date(now.getTime() + MAX_BACKOFF_MS) });
    return { posts: 0 };
  }
  const connector = connectorFor(account.platform as PlatformId);
  try {
    const posts = await pull(db, config, account, connector, now);
    await saveState(db, account, {
      nextCollectAt: new Date(now.getTime() + intervalMs),
      failures: 0,
      lastError: null,
      lastCollectedAt: now,
    });
    return { posts };
  } catch (error) {
    const failures = (state?.failures ?? 0) + 1;
    let waitMs = Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** Math.min(failures - 1, 6));
    let message = error instanceof Error ? error.message : String(error);
    if (error instanceof BudgetStop) {
      // Not a failure of the platform: looked at again at the usual pace (the owner may raise the budget).
      await saveState(db, account, {
        nextCollectAt: new Date(now.getTime() + intervalMs),
        failures: 0,
        lastError: message,
        lastCollectedAt: now,
      });
      return { posts: 0, problem: message };
    }
    if (error instanceof PlatformError) {
      if (error.kind === 'retry' && error.details.retryAfterMs !== undefined) {
        waitMs = Math.max(error.details.retryAfterMs, 1_000);
        message = `Rate limited by the platform; next try at ${new Date(now.getTime() + waitMs).toISOString()}.`;
      } else if (error.kind === 'reauthorize') {
        waitMs = MAX_BACKOFF_MS;
        message = ANALYTICS_COLLECT_MESSAGES.needsReconnect;
      }
    }
    await saveState(db, account, {
      nextCollectAt: new Date(now.getTime() + waitMs),
      failures,
      lastError: message.slice(0, 1_000),
    });
    return { posts: 0, problem: message };
  }
}

async function saveState(
  db: Db,
  account: Account,
  values: { nextCollectAt: Date; failures?: number; lastError?: string | null; lastCollectedAt?: Date },
) {
  await db
    .insert(analyticsCollectState)
    .values({ accountId: account.id, workspaceId: account.workspaceId, ...values, claimedUntil: null })
    .onConflictDoUpdate({ target: analyticsCollectState.accountId, set: { ...values, claimedUntil: null } });
}
