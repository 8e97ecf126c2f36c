import type { PlatformId } from '@relaycast/shared/platforms';
import { contentFor } from '@relaycast/shared/posts';
import { MAX_PUBLISH_ATTEMPTS, PUBLISH_MESSAGES, sumTargetStatuses } from '@relaycast/shared/publishing';
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { posts, postTargets } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/job-queue';
import { connectorFor, connectorSettings, hasConnector } from '../../platforms/registry';
import { PlatformError, type PublishedPost } from '../../platforms/types';
import { withFreshCredentials } from '../accounts/account-credentials';
import { loadPublishMedia } from './publishing.media';
import { recomputePostStatuses } from './publishing.status';

/**
 * The publishing engine (docs/decisions/0007-publishing-engine.md). A job per target wakes a worker at the
 * target's instant; the worker claims the row atomically before the platform call, so whatever pg-boss
 * delivers, and however many processes run, each target reaches its platform once. Sweeps catch up with
 * targets that came due while no worker ran (held when stale), attempts left in flight by a crashed process
 * (reconciled with the platform or marked unconfirmed), and retries.
 */

export const PUBLISH_TARGET_JOB = 'publish-target';

export interface EngineOptions {
  /** First retry delay; doubles with each attempt (30 s, 1 min, 2 min, 4 min). */
  retryBaseMs: number;
  /** A target still 'publishing' this long after its attempt began belongs to a crashed process. */
  attemptTimeoutMs: number;
  /** How often each worker process sweeps for due, stale and crashed targets. */
  sweepEveryMs: number;
  /**
   * A due target is left to its job for this long before a sweep takes it: jobs are durable and on time, the
   * sweep only catches up with lost ones, and must not compete with the queue during a burst.
   */
  sweepGraceMs: number;
  /** Per-process cap on platform calls in flight per platform, overriding capabilities.maxConcurrency. */
  maxConcurrency?: number;
  /** Worker loops and pg-boss batch size of the publish queue. */
  workers: number;
  batchSize: number;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  retryBaseMs: 30_000,
  attemptTimeoutMs: 5 * 60_000,
  sweepEveryMs: 5_000,
  sweepGraceMs: 60_000,
  workers: 4,
  batchSize: 50,
};

export const publishTargetPayloadSchema = z.object({ targetId: z.string().min(1) });

/** A simple counting semaphore: the per-platform concurrency cap of this process. */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

/** What an attempt needs of its target row. */
type ClaimedTarget = Pick<
  typeof postTargets.$inferSelect,
  'id' | 'postId' | 'platform' | 'accountId' | 'attempts' | 'attemptStartedAt'
>;

/** How an attempt ended: the target's new state. */
interface AttemptEnd {
  status: 'published' | 'failed' | 'retrying' | 'unconfirmed';
  lastError: string | null;
  platformPostId?: string;
  url?: string;
  publishedAt?: Date;
  dueAt?: Date;
}

/** The claimed target with what the platform call needs of its post (read by the claim itself). */
type ClaimedWithPost = ClaimedTarget & {
  post: { content: string; overrides: Record<string, string>; workspaceId: string; hasMedia: boolean };
};

export interface PublishingEngine {
  /** (Re)sends the jobs of a post's pending targets after it was created, edited, moved or restored. */
  schedulePost(postId: string): Promise<void>;
  /** Cancels the jobs of a deleted post's targets (the worker would skip them anyway). */
  cancelPost(postId: string): Promise<void>;
  /** Sends a job for each of these targets at its instant (used by retries and the benchmark). */
  enqueueTargets(targetIds: readonly string[]): Promise<void>;
  /** Publishes one target if it is due and nobody else holds it. Never throws for platform failures. */
  publishTarget(targetId: string): Promise<void>;
  /** One pass of the sweeps (tests call it directly). */
  sweep(): Promise<void>;
}

export function createPublishingEngine(deps: {
  db: Db;
  config: Config;
  queue: JobQueue;
  log: FastifyBaseLogger;
  options?: Partial<EngineOptions>;
}): PublishingEngine {
  const { db, config, queue, log } = deps;
  const options = { ...DEFAULT_ENGINE_OPTIONS, ...deps.options };
  const staleMs = config.publishStaleAfterHours * 60 * 60 * 1000;
  const caps = new Map<string, Semaphore>();
  /** Accounts the platform told to slow down (429), until when. */
  const blockedAccounts = new Map<string, number>();

  function capFor(platform: PlatformId): Semaphore {
    let cap = caps.get(platform);
    if (!cap) {
      const limit = options.maxConcurrency ?? connectorFor(platform).capabilities.maxConcurrency;
      cap = new Semaphore(Math.max(1, limit));
      caps.set(platform, cap);
    }
    return cap;
  }

  async function sendJobs(rows: { id: string; dueAt: Date | null }[]): Promise<void> {
    const now = Date.now();
    await Promise.all(
      rows.map(async (row) => {
        const startAfter = row.dueAt && row.dueAt.getTime() > now ? row.dueAt : undefined;
        const jobId = await queue.send(PUBLISH_TARGET_JOB, { targetId: row.id }, { startAfter });
        if (jobId) await db.update(postTargets).set({ jobId }).where(eq(postTargets.id, row.id));
      }),
    );
  }

  async function retryLater(target: ClaimedTarget, reason: string, retryAfterMs?: number): Promise<void> {
    if (target.attempts >= MAX_PUBLISH_ATTEMPTS) {
      await finish(target.id, { status: 'failed', lastError: PUBLISH_MESSAGES.gaveUp(reason) });
      return;
    }
    const backoff = options.retryBaseMs * 2 ** Math.max(0, target.attempts - 1);
    const dueAt = new Date(Date.now() + Math.max(backoff, retryAfterMs ?? 0));
    const updated = await finish(target.id, { status: 'retrying', lastError: reason, dueAt });
    if (updated) await sendJobs([{ id: target.id, dueAt }]);
  }

  /** Ends an attempt, only if this process still holds the target. */
  async function finish(targetId: string, values: AttemptEnd): Promise<boolean> {
    const now = new Date();
    // The post alone (its only target) takes the status the sum gives one target; in the same statement, so
    // the common case is one round trip. A post with several targets is summed under its row lock instead.
    const alone = sumTargetStatuses([values.status]) ?? 'scheduled';
    const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
    const result = await db.execute<{ post_id: string; siblings: number }>(sql`
      with ended as (
        update ${postTargets} t
        set status = ${values.status}, last_error = ${values.lastError ?? null},
            platform_post_id = coalesce(${values.platformPostId ?? null}, t.platform_post_id),
            url = coalesce(${values.url ?? null}, t.url),
            published_at = coalesce(${iso(values.publishedAt)}::timestamptz, t.published_at),
            due_at = coalesce(${iso(values.dueAt)}::timestamptz, t.due_at),
            updated_at = ${now.toISOString()}::timestamptz
        where t.id = ${targetId} and t.status = 'publishing'
        returning t.post_id, (select count(*) from ${postTargets} s where s.post_id = t.post_id)::int as siblings
      ), summed as (
        update ${posts} set status = ${alone}
        where id in (select post_id from ended where siblings = 1) and status <> 'draft'
        returning id
      )
      select post_id, siblings from ended`);
    const [row] = (result as unknown as { rows: { post_id: string; siblings: number }[] }).rows;
    if (!row) return false;
    if (Number(row.siblings) > 1) await db.transaction((tx) => recomputePostStatuses(tx, [row.post_id]));
    return true;
  }

  /**
   * The outcome of an attempt may be unknown (timeout after the request left, a crash): ask the platform for
   * the account's recent posts when it can list them; published if the text is there, retried if certainly
   * absent, otherwise left for the user to decide ("unconfirmed").
   */
  async function reconcile(target: ClaimedTarget, since: Date, text: string): Promise<void> {
    const platform = target.platform as PlatformId;
    const connector = hasConnector(platform) ? connectorFor(platform) : undefined;
    if (!connector?.listRecentPosts || !connector.capabilities.listRecentPosts || !target.accountId) {
      await finish(target.id, { status: 'unconfirmed', lastError: PUBLISH_MESSAGES.unconfirmed });
      return;
    }
    const listRecentPosts = connector.listRecentPosts.bind(connector);
    try {
      const recent = await withFreshCredentials(db, config, target.accountId, (credentials) =>
        listRecentPosts(
          { settings: connectorSettings(config, platform) },
          credentials,
          new Date(since.getTime() - 60_000),
        ),
      );
      const wanted = normalize(text);
      const match = recent.find((post) => normalize(post.text) === wanted);
      if (match) {
        await finish(target.id, {
          status: 'published',
          platformPostId: match.platformPostId,
          url: match.url,
          publishedAt: match.createdAt,
          lastError: null,
        });
        return;
      }
      await retryLater(target, 'The platform did not receive the post; trying again.');
    } catch (error) {
      log.warn({ err: error, target: target.id }, 'could not reconcile a publish of unknown outcome');
      await finish(target.id, { status: 'unconfirmed', lastError: PUBLISH_MESSAGES.unconfirmed });
    }
  }

  async function callPlatform(target: ClaimedWithPost): Promise<void> {
    const platform = target.platform as PlatformId;
    const { post } = target;
    if (!target.accountId) {
      await finish(target.id, { status: 'failed', lastError: PUBLISH_MESSAGES.noAccount(platform) });
      return;
    }
    const text = contentFor(post, platform);
    const startedAt = target.attemptStartedAt ?? new Date();
    const accountId = target.accountId;
    let published: PublishedPost;
    try {
      const connector = connectorFor(platform);
      const media = post.hasMedia ? await loadPublishMedia(db, config, post.workspaceId, target.postId) : [];
      published = await capFor(platform).run(() =>
        withFreshCredentials(db, config, accountId, (credentials) =>
          connector.publish({ settings: connectorSettings(config, platform) }, credentials, {
            text,
            media,
            idempotencyKey: target.id,
          }),
        ),
      );
    } catch (error) {
      if (!(error instanceof PlatformError)) {
        log.error({ err: error, target: target.id }, 'publishing failed unexpectedly');
        await reconcile(target, startedAt, text);
        return;
      }
      if (error.kind === 'retry' || error.kind === 'unknown') {
        log.warn(
          { target: target.id, kind: error.kind, reason: error.message },
          'publish attempt did not succeed',
        );
      }
      if (error.kind === 'retry') {
        if (error.details.status === 429 && error.details.retryAfterMs) {
          blockedAccounts.set(accountId, Date.now() + error.details.retryAfterMs);
        }
        await retryLater(target, error.message, error.details.retryAfterMs);
      } else if (error.kind === 'refuse') {
        await finish(target.id, { status: 'failed', lastError: error.message });
      } else if (error.kind === 'reauthorize') {
        await finish(target.id, { status: 'failed', lastError: PUBLISH_MESSAGES.reconnect(platform) });
      } else {
        await reconcile(target, startedAt, text);
      }
      return;
    }
    await finish(target.id, {
      status: 'published',
      platformPostId: published.platformPostId,
      url: published.url,
      publishedAt: new Date(),
      lastError: null,
    });
  }

  /** Holds the target if it came due too long ago, fails it if it has no account, else claims it. */
  async function claim(targetId: string): Promise<ClaimedWithPost | undefined> {
    const now = new Date();
    const staleBefore = new Date(now.getTime() - staleMs);
    // The common case in one statement (one round trip, one commit): claim the target if it is due, not stale
    // and its post is live, and mark the post as publishing (any target in flight makes it so).
    const result = await db.execute<Record<string, unknown>>(sql`
      with claimed as (
        update ${postTargets} t
        set status = 'publishing', attempt_started_at = ${now.toISOString()}::timestamptz,
            attempts = t.attempts + 1, updated_at = ${now.toISOString()}::timestamptz
        where t.id = ${targetId}
          and t.status in ('scheduled', 'retrying')
          and t.due_at <= ${now.toISOString()}::timestamptz
          and not (t.status = 'scheduled' and t.due_at <= ${staleBefore.toISOString()}::timestamptz)
          and exists (select 1 from ${posts} p where p.id = t.post_id and p.deleted_at is null)
        returning t.id, t.post_id, t.platform, t.account_id, t.attempts, t.attempt_started_at
      ), marked as (
        update ${posts} set status = 'publishing'
        where id in (select post_id from claimed) and status not in ('publishing', 'draft')
        returning id
      )
      select c.*, p.content, p.overrides, p.workspace_id,
             exists (select 1 from post_media pm where pm.post_id = c.post_id) as has_media
      from claimed c join ${posts} p on p.id = c.post_id`);
    const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    if (row) {
      return {
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
        },
      };
    }
    // Not claimable: hold it if it came due too long ago, fail it if it never had an account (one statement;
    // a job that finds nothing to do costs one round trip).
    const settled = await db.execute<{ post_id: string }>(sql`
      update ${postTargets} t
      set status = case when t.status = 'needs_account' then 'failed' else 'held' end,
          last_error = case when t.status = 'needs_account' then t.last_error else ${PUBLISH_MESSAGES.held(config.publishStaleAfterHours)} end,
          updated_at = ${now.toISOString()}::timestamptz
      where t.id = ${targetId}
        and ((t.status = 'scheduled' and t.due_at <= ${staleBefore.toISOString()}::timestamptz)
          or (t.status = 'needs_account' and t.due_at <= ${now.toISOString()}::timestamptz))
      returning t.post_id`);
    const changed = (settled as unknown as { rows: { post_id: string }[] }).rows.map((r) => r.post_id);
    if (changed.length > 0) await db.transaction((tx) => recomputePostStatuses(tx, changed));
    return undefined;
  }

  /** When the target's account was told by its platform to wait (429), until when; else undefined. */
  async function blockedUntilFor(targetId: string): Promise<number | undefined> {
    const now = Date.now();
    for (const [accountId, until] of blockedAccounts) if (until <= now) blockedAccounts.delete(accountId);
    if (blockedAccounts.size === 0) return undefined;
    const [row] = await db
      .select({ accountId: postTargets.accountId })
      .from(postTargets)
      .where(eq(postTargets.id, targetId))
      .limit(1);
    return row?.accountId ? blockedAccounts.get(row.accountId) : undefined;
  }

  async function publishTarget(targetId: string): Promise<void> {
    const blockedUntil = await blockedUntilFor(targetId);
    if (blockedUntil) {
      // The platform asked this account to wait: wake up again when it may post.
      await queue.send(PUBLISH_TARGET_JOB, { targetId }, { startAfter: new Date(blockedUntil) });
      return;
    }
    const target = await claim(targetId);
    if (!target) return;
    await callPlatform(target);
  }

  /** Attempts left 'publishing' by a process that died: claim each once (fresh attempt time) and reconcile. */
  async function sweepCrashed(): Promise<void> {
    const cutoff = new Date(Date.now() - options.attemptTimeoutMs);
    const result = await db.execute<{ id: string; previous: Date | string }>(sql`
      update ${postTargets} t set attempt_started_at = now(), updated_at = now()
      from (
        select id, attempt_started_at as previous from ${postTargets}
        where status = 'publishing' and attempt_started_at < ${cutoff.toISOString()}::timestamptz
        order by attempt_started_at limit 50
        for update skip locked
      ) s
      where t.id = s.id
      returning t.id, s.previous`);
    const rows = (result as unknown as { rows: { id: string; previous: Date | string }[] }).rows;
    for (const row of rows) {
      const [target] = await db.select().from(postTargets).where(eq(postTargets.id, row.id)).limit(1);
      if (target === undefined || target.status !== 'publishing') continue;
      const [post] = await db
        .select({ content: posts.content, overrides: posts.overrides })
        .from(posts)
        .where(eq(posts.id, target.postId))
        .limit(1);
      const text = post ? contentFor(post, target.platform as PlatformId) : '';
      await reconcile(target, new Date(row.previous), text);
    }
  }

  /** Due targets whose job did not run (the process was down, a job was lost): publish or hold them. */
  async function sweepDue(): Promise<void> {
    const before = new Date(Date.now() - options.sweepGraceMs);
    const due = await db
      .select({ id: postTargets.id })
      .from(postTargets)
      .where(
        and(
          inArray(postTargets.status, ['scheduled', 'retrying', 'needs_account']),
          isNotNull(postTargets.dueAt),
          lte(postTargets.dueAt, before),
        ),
      )
      .limit(500);
    // A few at a time: this is the safety net, the queue does the bulk of the work.
    for (let start = 0; start < due.length; start += 20) {
      await Promise.all(due.slice(start, start + 20).map((row) => publishTarget(row.id)));
    }
  }

  return {
    async schedulePost(postId) {
      const rows = await db
        .select({ id: postTargets.id, dueAt: postTargets.dueAt, jobId: postTargets.jobId })
        .from(postTargets)
        .where(
          and(
            eq(postTargets.postId, postId),
            inArray(postTargets.status, ['scheduled', 'retrying', 'needs_account']),
          ),
        );
      await queue.cancel(
        PUBLISH_TARGET_JOB,
        rows.flatMap((row) => (row.jobId ? [row.jobId] : [])),
      );
      await sendJobs(rows);
    },
    async cancelPost(postId) {
      const rows = await db
        .select({ jobId: postTargets.jobId })
        .from(postTargets)
        .where(and(eq(postTargets.postId, postId), isNotNull(postTargets.jobId)));
      await queue.cancel(
        PUBLISH_TARGET_JOB,
        rows.flatMap((row) => (row.jobId ? [row.jobId] : [])),
      );
    },
    async enqueueTargets(targetIds) {
      if (targetIds.length === 0) return;
      const rows = await db
        .select({ id: postTargets.id, dueAt: postTargets.dueAt })
        .from(postTargets)
        .where(inArray(postTargets.id, [...targetIds]));
      const now = Date.now();
      await queue.sendMany(
        PUBLISH_TARGET_JOB,
        rows.map((row) => ({
          payload: { targetId: row.id },
          startAfter: row.dueAt && row.dueAt.getTime() > now ? row.dueAt : undefined,
        })),
      );
    },
    publishTarget,
    async sweep() {
      await sweepCrashed();
      await sweepDue();
    },
  };
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
