import type { WorkspaceUsage } from '@relaycast/shared/usage';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { aiGenerations, mediaFiles, socialAccounts, workspaceMembers } from '../../db/schema/index';
import type { Caller } from '../../lib/caller';
import { sameOwnerWorkspaceIds } from '../workspaces/owner-scope';
import { mediaLimitsOf, planStatus } from '../workspaces/plan-status';

const HOUR_MS = 60 * 60 * 1000;

/**
 * What the workspace uses against its plan's limits, read in one statement (accounts and storage across every
 * workspace the paying owner owns, as the limits count them): accounts counted as the connect
 * limit counts them (connected or needing a reconnect), stored bytes as the upload limit counts them, members,
 * and AI requests in the rolling hour the AI limit uses.
 */
export async function workspaceUsage(
  db: Db,
  config: Config,
  caller: Pick<Caller, 'workspaceId' | 'plan' | 'trialEndsAt'>,
  now = new Date(),
  /** What the disk can still take above its reserve (self-hosted: it bounds the storage); null on managed. */
  diskFreeBytes: number | null = null,
): Promise<WorkspaceUsage> {
  const status = planStatus(caller, config.billingMode, now);
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  // Accounts and storage count across every workspace the paying owner owns, as the limits do.
  const owned = sameOwnerWorkspaceIds(caller.workspaceId);
  const result = await db.execute<Record<string, unknown>>(sql`
    select
      (select count(*) from ${socialAccounts} a
        where a.workspace_id in ${owned} and a.status in ('connected', 'needs_reconnect')) as accounts,
      fullest.platform as fullest_platform,
      fullest.used as fullest_used,
      (select coalesce(sum(m.size_bytes), 0) from ${mediaFiles} m where m.workspace_id in ${owned}) as storage,
      (select count(*) from ${workspaceMembers} wm where wm.workspace_id = ${caller.workspaceId}) as members,
      (select count(*) from ${aiGenerations} g
        where g.workspace_id = ${caller.workspaceId} and g.created_at > ${since}::timestamptz) as ai
    from (select 1) as one
    left join lateral (
      select a.platform, count(*) as used from ${socialAccounts} a
      where a.workspace_id in ${owned} and a.status in ('connected', 'needs_reconnect')
      group by a.platform order by count(*) desc, a.platform limit 1
    ) as fullest on true`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const plan = status.plan;
  const limits = mediaLimitsOf(caller, config);
  return {
    billingMode: config.billingMode,
    plan: caller.plan,
    effectivePlan: plan.id,
    onTrial: status.onTrial,
    trialDaysLeft: status.trialDaysLeft,
    trialEndsAt: caller.trialEndsAt?.toISOString() ?? null,
    publishingBlocked: status.publishingBlocked,
    publishingBlockedReason: status.reason,
    accounts: {
      used: Number(row.accounts ?? 0),
      limit: plan.socialAccounts,
      fullestPlatform: row.fullest_platform == null ? null : String(row.fullest_platform),
      fullestPlatformUsed: Number(row.fullest_used ?? 0),
      perPlatformLimit: plan.accountsPerPlatform,
    },
    storage: {
      usedBytes: Number(row.storage ?? 0),
      limitBytes: limits.storageBytes,
      maxFileSizeBytes: limits.maxFileSizeBytes,
      limitsFrom: limits.planName === null ? 'server' : 'plan',
      diskFreeBytes,
    },
    members: { count: Number(row.members ?? 0) },
    ai: { usedThisHour: Number(row.ai ?? 0), hourlyLimit: config.ai.hourlyLimit },
  };
}
