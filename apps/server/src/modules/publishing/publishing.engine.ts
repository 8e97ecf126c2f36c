import type { PlatformId } from '@relaycast/shared/platforms';
import { contentFor } from '@relaycast/shared/posts';
import { MAX_PUBLISH_ATTEMPTS, PUBLISH_MESSAGES, sumTargetStatuses } from '@relaycast/shared/publishing';
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { posts, postTargets } from '../../db/schema/index';
import type { JobQueue } from '../../lib/job-queue';
import type { MediaStorage } from '../../lib/media/storage';
import { connectorFor, connectorSettings, hasConnector } from '../../platforms/registry';
import { PlatformError, type PublishedPost } from '../../platforms/types';
import { withFreshCredentials } from '../accounts/account-credentials';
import { createClaimLeases, takeOverClaims } from './publishing.leases';
import { loadPublishMedia } from './publishing.media';
import { recomputePostStatuses } from './publishing.status';

/**
 * The publishing engine (docs/decisions/0007-publishing-engine.md). A job per target wakes a worker at the
 * target's instant; the worker claims the row atomically before the platform call, so whatever pg-boss
 * delivers, and however many processes run, each target reaches its platform once. A target is claimed only
 * when a slot of its platform's concurrency cap is free, so a process holds no more claims than calls it makes,
 * and each claim is held by a lease the process renews (publishing.leases.ts, decision 0016). Sweeps catch up
 * with targets that came due while no worker ran (held when stale), attempts left in flight by a crashed
 * process (reconciled with the platform or marked unconfirmed), and retries.
 */

export const PUBLISH_TARGET_JOB = 'publish-target';

export interface EngineOptions {
  /** First retry delay; doubles with each attempt (30 s, 1 min, 2 min, 4 min). */
  retryBaseMs: number;
  /** A target still 'publishing' this long after its attempt began belongs to a crashed process. */
  attemptTimeoutMs: number;
  /** A claim whose lease was not renewed for this long belongs to a process that died: taken over at once. */
  leaseMs: number;
  /** How often this process renews its claims' leases and looks for expired ones. */
  renewEveryMs: number;
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
  leaseMs: 5_000,
  renewEveryMs: 1_000,
  sweepEveryMs: 5_000,
  sweepGraceMs: 60_000,
  workers: 4,
  batchSize: 50,
};

/** A repeated publish is only trusted to be deduplicated this long before the platform's window ends. */
const IDEMPOTENCY_MARGIN_MS = 10 * 60_000;

/** Due targets one sweep pass takes, and one catch-up re-enqueues. */
const SWEEP_LIMIT = 500;
const CATCH_UP_LIMIT = 20_000;

/** Thrown inside the platform call's credentials callback when this process may no longer hold the claim. */
class LeaseLost extends Error {}

/** What the platform call of a claimed target gave: its post, its failure, or no call (the claim was given up). */
type CallResult = { published: PublishedPost } | { error: unknown } | { abandoned: true };

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
  /**
   * Renews the leases of this process's claims and takes over the claims of processes that died. When it took
   * some (or on the first call), the next `catchUp` publishes every due target without the sweep's grace: the
   * dead process may also have held their jobs.
   */
  renewLeases(): Promise<void>;
  /** Publishes every due target at once when `renewLeases` asked for it; otherwise does nothing. */
  catchUp(): Promise<void>;
}

export function createPublishingEngine(deps: {
  db: Db;
  config: Config;
  queue: JobQueue;
  log: FastifyBaseLogger;
  /** Where the posts' media are read from (the app's, plugins/media.ts). */
  storage: MediaStorage;
  options?: Partial<EngineOptions>;
}): PublishingEngine {
  const { db, config, queue, log, storage } = deps;
  const options = { ...DEFAULT_ENGINE_OPTIONS, ...deps.options };
  const staleMs = config.publishStaleAfterHours * 60 * 60 * 1000;
  const caps = new Map<string, Semaphore>();
  /** Accounts the platform told to slow down (429), until when. */
  const blockedAccounts = new Map<string, number>();
  const leases = createClaimLeases(db, options.leaseMs);
  /** Set on start and when a dead process's claims were taken over: see `catchUp`. */
  let catchUpWanted = true;

  function capFor(platform: PlatformId): Semaphore {
    let cap = caps.get(platform);
    if (!cap) {
      // A platform without a connector only reaches its claim (which fails or holds it): one slot will do.
      const limit =
        options.maxConcurrency ??
        (hasConnector(platform) ? connectorFor(platform).capabilities.maxConcurrency : 1);
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
    const backoff = retryAfterMs === 0 ? 0 : options.retryBaseMs * 2 ** Math.max(0, target.attempts - 1);
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
  async function reconcile(
    target: ClaimedTarget,
    since: Date,
    text: string,
    /** A dead process's claim: the platform never got it, so the fault was ours and it goes again at once. */
    retryNowIfAbsent = false,
  ): Promise<void> {
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
      await retryLater(target, PUBLISH_MESSAGES.notReceived, retryNowIfAbsent ? 0 : undefined);
    } catch (error) {
      log.warn({ err: error, target: target.id }, 'could not reconcile a publish of unknown outcome');
      // The platform deduplicates a repeated publish with the same key: sending again cannot post twice.
      const idempotentMs = connector.capabilities.idempotentPublishMs ?? 0;
      if (Date.now() - since.getTime() < idempotentMs - IDEMPOTENCY_MARGIN_MS) {
        await retryLater(target, PUBLISH_MESSAGES.sendingAgain, retryNowIfAbsent ? 0 : undefined);
        return;
      }
      await finish(target.id, { status: 'unconfirmed', lastError: PUBLISH_MESSAGES.unconfirmed });
    }
  }

  /**
   * The platform call of a claimed target, inside its platform's concurrency slot. Gives the claim up without
   * calling when this process could not renew its lease (another worker may be taking it over).
   */
  async function callPlatform(target: ClaimedWithPost, accountId: string): Promise<CallResult> {
    const platform = target.platform as PlatformId;
    const { post } = target;
    try {
      const connector = connectorFor(platform);
      const media = post.hasMedia
        ? await loadPublishMedia(db, config, storage, post.workspaceId, target.postId)
        : [];
      const published = await withFreshCredentials(db, config, accountId, (credentials) => {
        if (!leases.isFresh(target.id)) throw new LeaseLost();
        return connector.publish({ settings: connectorSettings(config, platform) }, credentials, {
          text: contentFor(post, platform),
          media,
          idempotencyKey: target.id,
        });
      });
      return { published };
    } catch (error) {
      return error instanceof LeaseLost ? { abandoned: true } : { error };
    }
  }

  /** Ends the attempt after the call: published, or what the platform's failure means. */
  async function settleAttempt(target: ClaimedWithPost, result: CallResult): Promise<void> {
    const platform = target.platform as PlatformId;
    const text = contentFor(target.post, platform);
    const startedAt = target.attemptStartedAt ?? new Date();
    if ('abandoned' in result) {
      await releaseClaim(target);
      return;
    }
    if ('published' in result) {
      await finish(target.id, {
        status: 'published',
        platformPostId: result.published.platformPostId,
        url: result.published.url,
        publishedAt: new Date(),
        lastError: null,
      });
      return;
    }
    const { error } = result;
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
      if (error.details.status === 429 && error.details.retryAfterMs && target.accountId) {
        blockedAccounts.set(target.accountId, Date.now() + error.details.retryAfterMs);
      }
      await retryLater(target, error.message, error.details.retryAfterMs);
    } else if (error.kind === 'refuse') {
      await finish(target.id, { status: 'failed', lastError: error.message });
    } else if (error.kind === 'reauthorize') {
      await finish(target.id, { status: 'failed', lastError: PUBLISH_MESSAGES.reconnect(platform) });
    } else {
      await reconcile(target, startedAt, text);
    }
  }

  /**
   * A claim given up before its platform call: certainly not sent, so it is due again at once (and the attempt
   * does not count). Only while the row is still this attempt's: a worker that took it over keeps it.
   */
  async function releaseClaim(target: ClaimedTarget): Promise<void> {
    const now = new Date();
    const released = await db
      .update(postTargets)
      .set({ status: 'retrying', dueAt: now, attempts: sql`${postTargets.attempts} - 1`, updatedAt: now })
      .where(
        and(
          eq(postTargets.id, target.id),
          eq(postTargets.status, 'publishing'),
          eq(postTargets.attemptStartedAt, target.attemptStartedAt ?? now),
        ),
      )
      .returning({ id: postTargets.id });
    if (released.length > 0) await sendJobs([{ id: target.id, dueAt: now }]);
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
            attempts = t.attempts + 1, updated_at = now()
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

  /** When the account was told by its platform to wait (429), until when; else undefined. */
  function blockedUntilFor(accountId: string | null): number | undefined {
    const now = Date.now();
    for (const [id, until] of blockedAccounts) if (until <= now) blockedAccounts.delete(id);
    return accountId ? blockedAccounts.get(accountId) : undefined;
  }

  async function publishTarget(targetId: string): Promise<void> {
    const [row] = await db
      .select({ platform: postTargets.platform, accountId: postTargets.accountId })
      .from(postTargets)
      .where(eq(postTargets.id, targetId))
      .limit(1);
    if (!row) return;
    const blockedUntil = blockedUntilFor(row.accountId);
    if (blockedUntil) {
      // The platform asked this account to wait: wake up again when it may post.
      await queue.send(PUBLISH_TARGET_JOB, { targetId }, { startAfter: new Date(blockedUntil) });
      return;
    }
    let claimed: ClaimedWithPost | undefined;
    try {
      // Claimed only once a slot is free: a batch of jobs waiting for the cap holds no claims, so a crash
      // leaves at most the cap's worth of attempts to take over.
      const result = await capFor(row.platform as PlatformId).run(async () => {
        claimed = await claim(targetId);
        if (!claimed) return undefined;
        leases.hold(claimed.id);
        return claimed.accountId ? callPlatform(claimed, claimed.accountId) : undefined;
      });
      if (!claimed) return;
      if (!result) {
        await finish(claimed.id, {
          status: 'failed',
          lastError: PUBLISH_MESSAGES.noAccount(claimed.platform as PlatformId),
        });
        return;
      }
      await settleAttempt(claimed, result);
    } finally {
      if (claimed) leases.drop(claimed.id);
    }
  }

  /**
   * Attempts left 'publishing' by a process that died (lease expired) or that ran past the attempt timeout:
   * take each over once (fresh attempt time and lease) and reconcile. Returns whether a dead process's claims
   * were among them.
   */
  async function sweepCrashed(): Promise<boolean> {
    const rows = await takeOverClaims(db, {
      leaseMs: options.leaseMs,
      attemptTimeoutMs: options.attemptTimeoutMs,
      own: leases.held(),
    });
    // In parallel: each reconciliation is a listing call to the platform, and a dead worker leaves up to its
    // concurrency cap of them.
    await Promise.all(
      rows.map(async (row) => {
        leases.hold(row.id);
        try {
          const [target] = await db.select().from(postTargets).where(eq(postTargets.id, row.id)).limit(1);
          if (target === undefined || target.status !== 'publishing') return;
          const [post] = await db
            .select({ content: posts.content, overrides: posts.overrides })
            .from(posts)
            .where(eq(posts.id, target.postId))
            .limit(1);
          const text = post ? contentFor(post, target.platform as PlatformId) : '';
          await reconcile(target, row.previous, text, row.leaseExpired);
        } finally {
          leases.drop(row.id);
        }
        // A dead process's claim that is due again goes out now, not behind the queue's backlog (the job its
        // retry sent then finds nothing to do).
        if (row.leaseExpired) await publishTarget(row.id);
      }),
    );
    return rows.some((row) => row.leaseExpired);
  }

  /** Due targets whose job did not run (the process was down, a job was lost): publish or hold them. */
  async function sweepDue(graceMs: number): Promise<void> {
    const before = new Date(Date.now() - graceMs);
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
      .orderBy(postTargets.dueAt)
      .limit(SWEEP_LIMIT);
    // A few at a time: this is the safety net, the queue does the bulk of the work.
    for (let start = 0; start < due.length; start += 20) {
      await Promise.all(due.slice(start, start + 20).map((row) => publishTarget(row.id)));
    }
  }

  async function enqueueTargets(targetIds: readonly string[]): Promise<void> {
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
    enqueueTargets,
    publishTarget,
    async sweep() {
      if (await sweepCrashed()) catchUpWanted = true;
      await sweepDue(options.sweepGraceMs);
    },
    async renewLeases() {
      await leases.renew();
      if (await sweepCrashed()) catchUpWanted = true;
    },
    async catchUp() {
      if (!catchUpWanted) return;
      catchUpWanted = false;
      // The jobs a dead process had fetched stay 'active' in pg-boss until they expire (15 min): every target due
      // now gets a fresh job instead, so the queue's worker loops publish them at full speed. A target whose own
      // job is still waiting is claimed by whichever job comes first; the other finds nothing to do.
      const due = await db
        .select({ id: postTargets.id })
        .from(postTargets)
        .where(
          and(
            inArray(postTargets.status, ['scheduled', 'retrying', 'needs_account']),
            lte(postTargets.dueAt, new Date()),
          ),
        )
        .limit(CATCH_UP_LIMIT);
      for (let start = 0; start < due.length; start += 1_000) {
        await enqueueTargets(due.slice(start, start + 1_000).map((row) => row.id));
      }
    },
  };
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
