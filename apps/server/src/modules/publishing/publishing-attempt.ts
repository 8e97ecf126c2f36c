// Over 300 lines on purpose: the stages of one publish attempt (call, settle, retry, reconcile, resume) read top
// to bottom as staged functions sharing one AttemptContext; split across files, each would import the others.
import type { PlatformId } from '@relaycast/shared/platforms';
import { contentFor } from '@relaycast/shared/posts';
import { MAX_PUBLISH_ATTEMPTS, PUBLISH_MESSAGES } from '@relaycast/shared/publishing';
import { THREAD_MESSAGES } from '@relaycast/shared/threads';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { postTargets } from '../../db/schema/index';
import type { MediaStorage } from '../../lib/media/storage';
import type { Semaphore } from '../../lib/semaphore';
import { connectorFor, hasConnector } from '../../platforms/registry';
import { PlatformError, type PublishedPost } from '../../platforms/types';
import { withFreshCredentials } from '../accounts/account-credentials';
import { reelCoverForPublish } from '../reel-covers/reel-covers.service';
import { configuredShortLinkBase, shortenForPublish } from '../short-links/short-links.service';
import { pauseAccountPublishing, takePublishBudget } from './publishing-budget';
import type { ClaimedTarget, ClaimedWithPost, TargetClaims } from './publishing-claim';
import { postFirstComment } from './publishing-comment';
import type { EngineOptions } from './publishing-engine';
import type { TakenOverClaim } from './publishing-leases';
import { loadPublishMedia, loadThreadPublishMedia } from './publishing-media';
import { platformCaps } from './publishing-slots';
import {
  forgetSending,
  NotSent,
  publishParts,
  recordPart,
  threadProgress,
  threadTexts,
} from './publishing-thread';

/**
 * One publish attempt of a target: wait for a slot of its platform's concurrency cap, claim it
 * (publishing-claim.ts), call the platform, and end the attempt with what the call gave: published, failed,
 * retried with backoff (up to MAX_PUBLISH_ATTEMPTS), or reconciled with the platform when the outcome cannot be
 * known. Also resumes the attempts the crash sweep took over from dead processes.
 */

/** A repeated publish is only trusted to be deduplicated this long before the platform's window ends. */
const IDEMPOTENCY_MARGIN_MS = 10 * 60_000;

/** Thrown inside the platform call's credentials callback when this process may no longer hold the claim. */
class LeaseLost extends NotSent {}

/** What the platform call of a claimed target gave: its post, its failure, or no call (the claim was given up). */
type CallResult =
  | { published: PublishedPost }
  | { error: unknown }
  | { abandoned: true }
  /** Not called: the platform app's budget of this minute is spent; due again when the next window starts. */
  | { overBudgetMs: number };

export interface PublishAttempts {
  /**
   * Publishes one target if it is due and nobody else holds it. Never throws for platform failures. `platform`:
   * the target's, when the caller knows it (its job carries it), else it is read.
   */
  publishTarget(targetId: string, platform?: string): Promise<void>;
  /**
   * Publishes a target the due-target pump claimed, with a slot of its platform's cap the pump took for it (given
   * back once the call is over). Never throws for platform failures.
   */
  publishClaimed(claimed: ClaimedWithPost): Promise<void>;
  /** The per-platform concurrency cap of this process (the pump takes the free slots before it claims). */
  capFor(platform: string): Semaphore;
  /** Settles an attempt the crash sweep took over: reconciled, or sent at once when a dead process's is due. */
  resumeTakenOver(row: TakenOverClaim): Promise<void>;
}

/** A target's platform (for its platform's slot), read when its job did not carry it (a job sent before it did). */
const targetPlatformStatement = perDatabase((db) =>
  db
    .select({ platform: postTargets.platform })
    .from(postTargets)
    .where(eq(postTargets.id, sql.placeholder('targetId')))
    .limit(1)
    .prepare('relaycast_publish_target_platform'),
);

interface PublishAttemptDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  claims: TargetClaims;
  /** Where the posts' media are read from (plugins/media.ts). */
  storage: MediaStorage;
  options: Pick<EngineOptions, 'retryBaseMs' | 'maxConcurrency'>;
}

/** What the stages of an attempt share. The accounts told to wait (429) are paused in the database. */
type AttemptContext = PublishAttemptDeps;

/**
 * The text a platform receives: the post's copy for it, its web addresses replaced by short links when the
 * workspace and the post say so (docs/short-links.md, "At publish"). The same links on every attempt, so a
 * reconciliation looks for the very text that was sent.
 */
function publishedText(
  ctx: Pick<AttemptContext, 'db' | 'config'>,
  target: Pick<ClaimedTarget, 'postId' | 'platform'>,
  workspaceId: string,
  text: string,
): Promise<string> {
  const input = {
    workspaceId,
    postId: target.postId,
    authorId: null,
    platform: target.platform as PlatformId,
    text,
  };
  return shortenForPublish(ctx.db, input, configuredShortLinkBase(ctx.config));
}

/** Due again after a backoff (or the platform's Retry-After); failed for good after MAX_PUBLISH_ATTEMPTS. */
async function retryLater(
  ctx: AttemptContext,
  target: ClaimedTarget,
  reason: string,
  retryAfterMs?: number,
): Promise<void> {
  const { options } = ctx;
  const { finish } = ctx.claims;
  if (target.attempts >= MAX_PUBLISH_ATTEMPTS) {
    await finish(target.id, { status: 'failed', lastError: PUBLISH_MESSAGES.gaveUp(reason) });
    return;
  }
  const backoff = retryAfterMs === 0 ? 0 : options.retryBaseMs * 2 ** Math.max(0, target.attempts - 1);
  const dueAt = new Date(Date.now() + Math.max(backoff, retryAfterMs ?? 0));
  // Due again at `dueAt`: the due-target pump takes it then (publishing-pump.ts).
  await finish(target.id, { status: 'retrying', lastError: reason, dueAt });
}

/**
 * The outcome of an attempt may be unknown (timeout after the request left, a crash): ask the platform for
 * the account's recent posts when it can list them; published if the text is there, retried if certainly
 * absent, otherwise left for the user to decide ("unconfirmed").
 */
async function reconcile(
  ctx: AttemptContext,
  target: ClaimedTarget,
  since: Date,
  text: string,
  /** A dead process's claim: the platform never got it, so the fault was ours and it goes again at once. */
  retryNowIfAbsent = false,
): Promise<void> {
  const { db, config, log } = ctx;
  const { finish } = ctx.claims;
  const platform = target.platform as PlatformId;
  const connector = hasConnector(platform) ? connectorFor(platform) : undefined;
  // A thread past its part 1 (docs/threads.md): resumed, finished or left for the user, never sent twice.
  const parts = (await threadTexts(db, target.postId, platform, text)).length;
  const thread = await threadProgress(db, target.id, parts);
  if (thread.state === 'done') {
    const { platformPostId, url } = thread.first;
    await finish(target.id, {
      status: 'published',
      platformPostId: platformPostId ?? undefined,
      url: url ?? undefined,
      publishedAt: new Date(),
      lastError: null,
    });
    return;
  }
  if (thread.state === 'continue') {
    await retryLater(ctx, target, PUBLISH_MESSAGES.notReceived, retryNowIfAbsent ? 0 : undefined);
    return;
  }
  if (thread.state === 'unknown') {
    const lastError = `${THREAD_MESSAGES.partial(thread.published, parts)} ${THREAD_MESSAGES.partUnknown(thread.position)}`;
    await finish(target.id, { status: 'unconfirmed', lastError });
    return;
  }
  if (!connector?.listRecentPosts || !connector.capabilities.listRecentPosts || !target.accountId) {
    await finish(target.id, { status: 'unconfirmed', lastError: PUBLISH_MESSAGES.unconfirmed });
    return;
  }
  const listRecentPosts = connector.listRecentPosts.bind(connector);
  try {
    const recent = await withFreshCredentials(db, config, target.accountId, (credentials, callContext) =>
      listRecentPosts(callContext, credentials, new Date(since.getTime() - 60_000)),
    );
    const wanted = normalize(text);
    const match = recent.find((post) => normalize(post.text) === wanted);
    if (match && parts > 1) {
      // Part 1 of a thread is there: recorded, and the next parts go at once.
      await recordPart(db, target, 1, match);
      await retryLater(ctx, target, PUBLISH_MESSAGES.notReceived, 0);
      return;
    }
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
    await forgetSending(db, target.id, 1);
    await retryLater(ctx, target, PUBLISH_MESSAGES.notReceived, retryNowIfAbsent ? 0 : undefined);
  } catch (error) {
    log.warn({ err: error, target: target.id }, 'could not reconcile a publish of unknown outcome');
    // The platform deduplicates a repeated publish with the same key: sending again cannot post twice.
    const idempotentMs = connector.capabilities.idempotentPublishMs ?? 0;
    if (Date.now() - since.getTime() < idempotentMs - IDEMPOTENCY_MARGIN_MS) {
      await retryLater(ctx, target, PUBLISH_MESSAGES.sendingAgain, retryNowIfAbsent ? 0 : undefined);
      return;
    }
    await finish(target.id, { status: 'unconfirmed', lastError: PUBLISH_MESSAGES.unconfirmed });
  }
}

/**
 * The platform call of a claimed target, inside its platform's concurrency slot. Gives the claim up without
 * calling when this process could not renew its lease (another worker may be taking it over).
 */
async function callPlatform(
  ctx: AttemptContext,
  target: ClaimedWithPost,
  accountId: string,
): Promise<CallResult> {
  const { db, config, storage } = ctx;
  const { leases } = ctx.claims;
  const platform = target.platform as PlatformId;
  const { post } = target;
  try {
    const overBudgetMs = await takePublishBudget(db, config, platform);
    if (overBudgetMs > 0) return { overBudgetMs };
    const connector = connectorFor(platform);
    const where = [db, config, storage, post.workspaceId, target.postId, platform, accountId] as const;
    const media = post.hasMedia ? await loadPublishMedia(...where) : [];
    const texts: string[] = []; // one part at a time: two parts with one address share its short link
    const first = contentFor(post, platform);
    for (const part of await threadTexts(db, target.postId, platform, first, post.threadParts))
      texts.push(await publishedText(ctx, target, post.workspaceId, part));
    const reelCover = await reelCoverForPublish(db, config, { ...post, platform, media }, target.postId);
    const partMedia = texts.length > 1 ? await loadThreadPublishMedia(...where) : []; // a thread's parts 2..N
    // Part 1 as a plain post, a thread's next parts as replies, each recorded before the next (publishing-thread.ts)
    const published = await publishParts(db, target, texts, [media, ...partMedia], (request) =>
      withFreshCredentials(db, config, accountId, (credentials, callContext) => {
        if (!leases.isFresh(target.id)) throw new LeaseLost();
        return connector.publish(callContext, credentials, reelCover ? { ...request, reelCover } : request);
      }),
    );
    return { published };
  } catch (error) {
    return error instanceof LeaseLost ? { abandoned: true } : { error };
  }
}

/** Ends the attempt after the call: published, or what the platform's failure means. */
async function settleAttempt(
  ctx: AttemptContext,
  target: ClaimedWithPost,
  result: CallResult,
): Promise<void> {
  const { db, log, claims } = ctx;
  const { finish } = claims;
  const platform = target.platform as PlatformId;
  // The text as sent, only for a reconciliation (a published attempt does not need it again).
  const sentText = () =>
    publishedText(ctx, target, target.post.workspaceId, contentFor(target.post, platform));
  const startedAt = target.attemptStartedAt ?? new Date();
  if ('abandoned' in result) {
    // Certainly not sent: due again at once, unless a worker that took the claim over keeps it.
    await claims.release(target);
    return;
  }
  if ('overBudgetMs' in result) {
    await claims.release(target, new Date(Date.now() + result.overBudgetMs));
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
    // The first comment, once the post is out and its id known; its failure is stored, the post stays published.
    // A post without one (as the claim read it) costs no statement.
    if (target.post.hasFirstComment) {
      await postFirstComment(db, ctx.config, target.id).catch((err: unknown) =>
        log.error({ err, target: target.id }, 'first comment failed unexpectedly'),
      );
    }
    return;
  }
  const { error } = result;
  if (!(error instanceof PlatformError)) {
    log.error({ err: error, target: target.id }, 'publishing failed unexpectedly');
    await reconcile(ctx, target, startedAt, await sentText());
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
      await pauseAccountPublishing(db, target.accountId, Date.now() + error.details.retryAfterMs);
    }
    await retryLater(ctx, target, error.message, error.details.retryAfterMs);
  } else if (error.kind === 'refuse') {
    await finish(target.id, { status: 'failed', lastError: error.message });
  } else if (error.kind === 'reauthorize') {
    await finish(target.id, { status: 'failed', lastError: PUBLISH_MESSAGES.reconnect(platform) });
  } else {
    await reconcile(ctx, target, startedAt, await sentText());
  }
}

export function createPublishAttempts(deps: PublishAttemptDeps): PublishAttempts {
  const { db, claims, options } = deps;
  const { leases, finish } = claims;
  const ctx: AttemptContext = deps;
  const capFor = platformCaps(options.maxConcurrency);

  /** The call of a claimed target (lease held), then its end: settled, or failed when it has no account. */
  async function callAndSettle(claimed: ClaimedWithPost, slot: { release(): void }): Promise<void> {
    try {
      let result: CallResult | undefined;
      try {
        result = claimed.accountId ? await callPlatform(ctx, claimed, claimed.accountId) : undefined;
      } finally {
        slot.release();
      }
      if (!result) {
        await finish(claimed.id, {
          status: 'failed',
          lastError: PUBLISH_MESSAGES.noAccount(claimed.platform as PlatformId),
        });
        return;
      }
      await settleAttempt(ctx, claimed, result);
    } finally {
      leases.drop(claimed.id);
    }
  }

  async function publishTarget(targetId: string, knownPlatform?: string): Promise<void> {
    const platform = knownPlatform ?? (await targetPlatformStatement(db).execute({ targetId }))[0]?.platform;
    if (!platform) return;
    // Claimed only once a slot is free: jobs waiting for the cap hold no claims, so a crash leaves at most the
    // cap's worth of attempts to take over. A target not claimed (not due, held, its account paused) is left to
    // the due-target pump, which claims it when it may go.
    const cap = capFor(platform);
    await cap.acquire();
    let claimed: ClaimedWithPost | undefined;
    try {
      claimed = await claims.claim(targetId);
    } finally {
      if (!claimed) cap.release();
    }
    if (!claimed) return;
    leases.hold(claimed.id);
    await callAndSettle(claimed, cap);
  }

  async function publishClaimed(claimed: ClaimedWithPost): Promise<void> {
    leases.hold(claimed.id);
    await callAndSettle(claimed, capFor(claimed.platform));
  }

  async function resumeTakenOver(row: TakenOverClaim): Promise<void> {
    leases.hold(row.id);
    try {
      const taken = await claims.loadTakenOver(row.id);
      if (!taken) return;
      const text = await publishedText(ctx, taken.target, taken.workspaceId, taken.text);
      await reconcile(ctx, taken.target, row.previous, text, row.leaseExpired);
    } finally {
      leases.drop(row.id);
    }
    // A dead process's claim that is due again goes out now, not behind the pump's backlog.
    if (row.leaseExpired) await publishTarget(row.id);
  }

  return { publishTarget, publishClaimed, capFor, resumeTakenOver };
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
