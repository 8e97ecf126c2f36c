import type { PlatformId } from '@relaycast/shared/platforms';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/client';
import { analyticsCollectState, socialAccounts, workspaces } from '../../../db/schema/index';
import { connectorFor, hasConnector } from '../../../platforms/registry';
import { collectAccount } from './collect-account';

/**
 * The analytics collector's background sweep (docs/analytics.md): due accounts are claimed (UPDATE … RETURNING over rows
 * locked with SKIP LOCKED, like the inbox sync) so several processes never pull one account at once, then pulled
 * with at most `capabilities.maxConcurrency` accounts of one platform in flight (platforms side by side).
 */

const CLAIM_MS = 10 * 60 * 1000;

type Account = typeof socialAccounts.$inferSelect;

export async function claimDueAccounts(db: Db, limit: number, now = new Date()): Promise<Account[]> {
  const at = now.toISOString();
  // Every connected account gets a state row the first time it is seen, due at once.
  await db.execute(sql`
    insert into ${analyticsCollectState} (account_id, workspace_id, next_collect_at)
    select ${socialAccounts.id}, ${socialAccounts.workspaceId}, ${at}::timestamptz from ${socialAccounts}
    where ${socialAccounts.status} = 'connected' and ${socialAccounts.accessTokenEncrypted} is not null
      -- A generated demo workspace's accounts have no platform behind them.
      and not exists (select 1 from ${workspaces} w where w.id = ${socialAccounts.workspaceId} and w.is_demo)
    on conflict do nothing`);
  const claimUntil = new Date(now.getTime() + CLAIM_MS).toISOString();
  const claimed = (await db.execute(sql`
    update ${analyticsCollectState} set claimed_until = ${claimUntil}::timestamptz
    where account_id in (
      select s.account_id from ${analyticsCollectState} s
      join ${socialAccounts} a on a.id = s.account_id and a.status = 'connected'
      where (s.claimed_until is null or s.claimed_until < ${at}::timestamptz)
        and s.next_collect_at <= ${at}::timestamptz
      order by s.next_collect_at
      limit ${limit}
      for update of s skip locked
    )
    returning account_id`)) as unknown as { rows: { account_id: string }[] };
  const ids = claimed.rows.map((row) => row.account_id);
  if (ids.length === 0) return [];
  return db.select().from(socialAccounts).where(inArray(socialAccounts.id, ids));
}

/** Runs `task` over `items` with at most `limit` in flight. */
async function runLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  });
  await Promise.all(lanes);
}

export interface SweepResult {
  accounts: number;
  posts: number;
  problems: { accountId: string; message: string }[];
}

/** One pass: the due accounts claimed and collected; one account's failure never stops the others. */
export async function sweepAnalytics(
  db: Db,
  config: Config,
  log?: FastifyBaseLogger,
  options: { limit?: number; now?: Date } = {},
): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const claimed = await claimDueAccounts(db, options.limit ?? 50, now);
  const byPlatform = new Map<string, Account[]>();
  for (const account of claimed) {
    byPlatform.set(account.platform, [...(byPlatform.get(account.platform) ?? []), account]);
  }
  const result: SweepResult = { accounts: 0, posts: 0, problems: [] };
  await Promise.all(
    [...byPlatform].map(([platform, accounts]) => {
      const limit = hasConnector(platform as PlatformId)
        ? connectorFor(platform as PlatformId).capabilities.maxConcurrency
        : 1;
      return runLimited(accounts, limit, async (account) => {
        try {
          const outcome = await collectAccount(db, config, account, now);
          result.accounts += 1;
          result.posts += outcome.posts;
          if (outcome.problem) {
            result.problems.push({ accountId: account.id, message: outcome.problem });
            log?.warn({ accountId: account.id, problem: outcome.problem }, 'analytics collect problem');
          }
        } catch (error) {
          result.problems.push({ accountId: account.id, message: (error as Error).message });
          log?.warn({ err: error, accountId: account.id }, 'analytics collect failed');
          await db
            .update(analyticsCollectState)
            .set({ claimedUntil: null })
            .where(inArray(analyticsCollectState.accountId, [account.id]));
        }
      });
    }),
  );
  return result;
}
