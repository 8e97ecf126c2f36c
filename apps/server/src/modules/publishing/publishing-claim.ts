// Over 300 lines on purpose: a claim's checks (due, not stale, not late in a series, publishing open, the
// account usable) and its release share one set of row locks and statements; split, each would re-read them (the
// attempt's end is publishing-finish.ts).
import { PLAN_MESSAGES } from '@relaycast/shared/plans';
import type { PlatformId } from '@relaycast/shared/platforms';
import { POST_SERIES_MESSAGES } from '@relaycast/shared/post-series';
import { contentFor } from '@relaycast/shared/posts';
import { PUBLISH_MESSAGES } from '@relaycast/shared/publishing';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { posts, postTargets, workspaces } from '../../db/schema/index';
import { accountPauseEndSql } from './publishing-budget';
import { createFinisher } from './publishing-finish';
import {
  type ClaimLeases,
  createClaimLeases,
  type TakenOverClaim,
  takeOverClaims,
} from './publishing-leases';
import { seriesLateSql } from './publishing-series-late';
import { recomputePostStatuses } from './publishing-status';

/**
 * Claims on targets: the row-level ownership that makes each target reach its platform once, whatever the
 * queue delivers and however many processes run. A target is claimed atomically ('publishing', one more
 * attempt) before its platform call; the attempt ends with `finish`, only while the row is still this
 * process's; a claim given up before the call is released; claims left by a crashed process are taken over
 * (leases, publishing-leases.ts, decision 0016). Nothing here calls a platform (publishing-attempt.ts does).
 */

/** What an attempt needs of its target row. */
export type ClaimedTarget = Pick<
  typeof postTargets.$inferSelect,
  'id' | 'postId' | 'platform' | 'accountId' | 'attempts' | 'attemptStartedAt'
>;

/** The claimed target with what the platform call needs of its post (read by the claim itself). */
export type ClaimedWithPost = ClaimedTarget & {
  post: {
    content: string;
    overrides: Record<string, string>;
    workspaceId: string;
    hasMedia: boolean;
    /** A thread's parts after the first (docs/threads.md); read with the claim, so publishing reads no more. */
    threadParts: string[];
    /** Whether a first comment goes under the post once it is out (publishing-comment.ts). */
    hasFirstComment: boolean;
  };
};

/** How an attempt ended: the target's new state. */
export interface AttemptEnd {
  status: 'published' | 'failed' | 'retrying' | 'unconfirmed';
  lastError: string | null;
  platformPostId?: string;
  url?: string;
  publishedAt?: Date;
  dueAt?: Date;
}

export interface TargetClaims {
  /** The leases of this process's claims (renewed by the engine, checked before each platform call). */
  leases: ClaimLeases;
  /**
   * Claims the target if it is due, not stale, its post is live and its account not paused; else holds a stale one
   * or fails one without account.
   */
  claim(targetId: string): Promise<ClaimedWithPost | undefined>;
  /** Claims up to `count` due, claimable targets of each platform, earliest first (the pump's claim). */
  claimDue(wanted: readonly { platform: string; count: number }[]): Promise<ClaimedWithPost[]>;
  /** Holds or fails the due targets that cannot be claimed (stale, late in a series, trial over, no account). */
  settleDue(): Promise<void>;
  /** The earliest instant a waiting target comes due after now, or undefined (when the pump looks again). */
  nextDueAt(): Promise<Date | undefined>;
  /** Ends an attempt, only if this process still holds the target. Returns whether it did. */
  finish(targetId: string, values: AttemptEnd): Promise<boolean>;
  /**
   * Gives up a claim before its platform call: certainly not sent, so it is due again at once, or at `dueAt` (the attempt
   * does not count). Only while the row is still this attempt's. Returns whether it did.
   */
  release(target: ClaimedTarget, dueAt?: Date): Promise<boolean>;
  /** The crash sweep: takes over attempts of dead processes (lease expired) or past the attempt timeout. */
  takeOverCrashed(): Promise<TakenOverClaim[]>;
  /** A taken-over target still 'publishing', with the text it was sent; undefined when it moved on meanwhile. */
  loadTakenOver(
    targetId: string,
  ): Promise<{ target: ClaimedTarget; text: string; workspaceId: string } | undefined>;
}

/**
 * True for a target of `t` whose workspace may not publish now (managed billing, trial over, no plan chosen:
 * workspaces/plan-status.ts says the same in TypeScript). Self-hosted servers never block.
 */
function publishingBlockedSql(config: Config, now: Date) {
  if (config.billingMode !== 'managed') return sql`false`;
  return sql`exists (select 1 from ${workspaces} w where w.id = t.workspace_id and w.plan is null
    and w.trial_ends_at is not null and w.trial_ends_at <= ${now.toISOString()}::timestamptz)`;
}

/** The conditions a due target `t` is claimed on: not stale, not late in a series, post live, publishing open, account not paused. */
function claimableSql(config: Config, now: Date): SQL {
  const staleBefore = new Date(now.getTime() - config.publishStaleAfterHours * 60 * 60 * 1000);
  return sql`t.status in ('scheduled', 'retrying')
        and t.due_at <= ${now.toISOString()}::timestamptz
        and not (t.status = 'scheduled' and t.due_at <= ${staleBefore.toISOString()}::timestamptz)
        and not ${seriesLateSql(now)}
        and exists (select 1 from ${posts} p where p.id = t.post_id and p.deleted_at is null)
        and not ${publishingBlockedSql(config, now)}
        and ${accountPauseEndSql(sql`t.account_id`, now.getTime())} is null`;
}

/**
 * Claims the targets `picked` names (matched through an array: an index probe per id, whatever the planner guesses
 * of how many `picked` gives), in one statement (one round trip, one commit): each gets its attempt, its
 * post is marked publishing (any target in flight makes it so), and each comes back with what the platform call
 * needs of its post.
 */
async function claimPicked(db: Db, now: Date, picked: SQL): Promise<ClaimedWithPost[]> {
  const result = await executePrepared<Record<string, unknown>>(
    db,
    sql`
    with picked as (${picked}), claimed as (
      update ${postTargets} t
      set status = 'publishing', attempt_started_at = ${now.toISOString()}::timestamptz,
          attempts = t.attempts + 1, updated_at = now()
      where t.id = any(array(select id from picked))
      returning t.id, t.post_id, t.platform, t.account_id, t.attempts, t.attempt_started_at, t.due_at
    ), marked as (
      update ${posts} set status = 'publishing'
      where id in (select post_id from claimed) and status not in ('publishing', 'draft')
      returning id
    )
    select c.*, p.content, p.overrides, p.workspace_id, p.thread_parts, p.first_comment <> '' as has_first_comment,
           exists (select 1 from post_media pm where pm.post_id = c.post_id) as has_media
    from claimed c join ${posts} p on p.id = c.post_id order by c.due_at`,
  );
  return result.rows.map((row) => ({
    id: String(row.id),
    postId: String(row.post_id),
    platform: String(row.platform),
    accountId: row.account_id === null ? null : String(row.account_id),
    attempts: Number(row.attempts),
    attemptStartedAt: new Date(row.attempt_started_at as string | Date),
    post: {
      content: String(row.content),
      overrides: (row.overrides ?? {}) as Record<string, string>,
      workspaceId: String(row.workspace_id),
      hasMedia: row.has_media === true,
      threadParts: (row.thread_parts ?? []) as string[],
      hasFirstComment: row.has_first_comment === true,
    },
  }));
}

/**
 * Claims the target for one attempt if it is due and claimable; otherwise settles what can be settled without a
 * platform call (settleUnclaimable).
 */
async function claimTarget(db: Db, config: Config, targetId: string): Promise<ClaimedWithPost | undefined> {
  const now = new Date();
  const [claimed] = await claimPicked(
    db,
    now,
    sql`select t.id from ${postTargets} t where t.id = ${targetId} and ${claimableSql(config, now)} for update`,
  );
  if (claimed) return claimed;
  await settleUnclaimable(db, config, now, targetId);
  return undefined;
}

/**
 * The due-target pump's claim (publishing-pump.ts): up to `count` due targets of each platform, earliest first,
 * skipping the rows another process is claiming, in one statement.
 */
async function claimDueTargets(
  db: Db,
  config: Config,
  wanted: readonly { platform: string; count: number }[],
): Promise<ClaimedWithPost[]> {
  if (wanted.length === 0) return [];
  const now = new Date();
  return claimPicked(
    db,
    now,
    sql`select due.id from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w(platform text, count int)
      cross join lateral (
        select t.id from ${postTargets} t
        where t.platform = w.platform and ${claimableSql(config, now)}
        order by t.due_at limit w.count
        for update of t skip locked
      ) due`,
  );
}

/** Due targets one settling of every unclaimable one (`settleDue`) takes at most. */
const SETTLE_LIMIT = 500;

/**
 * Settles what can be settled without a platform call, for one target or (no `targetId`) for up to SETTLE_LIMIT
 * due ones: holds a target that came due too long ago, late in a series or while its workspace's trial is over
 * (held, not failed: it resumes when a plan is chosen), fails one that never had an account. One statement.
 */
async function settleUnclaimable(db: Db, config: Config, now: Date, targetId?: string): Promise<void> {
  const staleBefore = new Date(now.getTime() - config.publishStaleAfterHours * 60 * 60 * 1000);
  const blocked = publishingBlockedSql(config, now);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const unclaimable = sql`((t.status = 'scheduled' and t.due_at <= ${staleBefore.toISOString()}::timestamptz)
        or ${seriesLateSql(now)}
        or (t.status = 'needs_account' and t.due_at <= ${nowSql})
        or (t.status in ('scheduled', 'retrying') and t.due_at <= ${nowSql} and ${blocked}))`;
  const which =
    targetId === undefined
      ? sql`t.id in (select t.id from ${postTargets} t
          where t.status in ('scheduled', 'retrying', 'needs_account') and t.due_at <= ${nowSql} and ${unclaimable}
          limit ${SETTLE_LIMIT} for update of t skip locked)`
      : sql`t.id = ${targetId} and ${unclaimable}`;
  const settled = await db.execute<{ post_id: string }>(sql`
    update ${postTargets} t
    set status = case when t.status = 'needs_account' then 'failed' else 'held' end,
        last_error = case when t.status = 'needs_account' then t.last_error
          when ${blocked} then ${PLAN_MESSAGES.trialEnded}
          when ${seriesLateSql(now)} then ${POST_SERIES_MESSAGES.late}
          else ${PUBLISH_MESSAGES.held(config.publishStaleAfterHours)} end,
        updated_at = ${nowSql}
    where ${which}
    returning t.post_id`);
  const changed = (settled as unknown as { rows: { post_id: string }[] }).rows.map((r) => r.post_id);
  if (changed.length > 0) await db.transaction((tx) => recomputePostStatuses(tx, [...new Set(changed)]));
}

/** The earliest due instant after now of a target waiting for its call (each state's index probe apart). */
async function nextDueAt(db: Db): Promise<Date | undefined> {
  const result = await executePrepared<{ next: string | Date | null }>(
    db,
    sql`select least(
      (select min(due_at) from ${postTargets} where status = 'scheduled' and due_at > now()),
      (select min(due_at) from ${postTargets} where status = 'retrying' and due_at > now())) as next`,
  );
  const next = result.rows[0]?.next;
  return next ? new Date(next) : undefined;
}

async function releaseTarget(db: Db, target: ClaimedTarget, dueAt?: Date): Promise<boolean> {
  const now = new Date();
  const released = await db
    .update(postTargets)
    .set({
      status: 'retrying',
      dueAt: dueAt ?? now,
      attempts: sql`${postTargets.attempts} - 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(postTargets.id, target.id),
        eq(postTargets.status, 'publishing'),
        eq(postTargets.attemptStartedAt, target.attemptStartedAt ?? now),
      ),
    )
    .returning({ id: postTargets.id });
  return released.length > 0;
}

async function loadTakenOverTarget(db: Db, targetId: string) {
  const [target] = await db.select().from(postTargets).where(eq(postTargets.id, targetId)).limit(1);
  if (target === undefined || target.status !== 'publishing') return undefined;
  const [post] = await db
    .select({ content: posts.content, overrides: posts.overrides, workspaceId: posts.workspaceId })
    .from(posts)
    .where(eq(posts.id, target.postId))
    .limit(1);
  return {
    target,
    text: post ? contentFor(post, target.platform as PlatformId) : '',
    workspaceId: post?.workspaceId ?? '',
  };
}

export function createTargetClaims(deps: {
  db: Db;
  config: Config;
  leaseMs: number;
  attemptTimeoutMs: number;
}): TargetClaims {
  const { db, config } = deps;
  const leases = createClaimLeases(db, deps.leaseMs);
  return {
    leases,
    claim: (targetId) => claimTarget(db, config, targetId),
    claimDue: (wanted) => claimDueTargets(db, config, wanted),
    settleDue: () => settleUnclaimable(db, config, new Date()),
    nextDueAt: () => nextDueAt(db),
    finish: createFinisher(db),
    release: (target, dueAt) => releaseTarget(db, target, dueAt),
    takeOverCrashed: () =>
      takeOverClaims(db, {
        leaseMs: deps.leaseMs,
        attemptTimeoutMs: deps.attemptTimeoutMs,
        own: leases.held(),
      }),
    loadTakenOver: (targetId) => loadTakenOverTarget(db, targetId),
  };
}
