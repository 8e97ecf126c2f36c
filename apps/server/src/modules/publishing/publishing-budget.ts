import type { PlatformId } from '@relaycast/shared/platforms';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import {
  holdRateLimitUntil,
  rateLimitEndSql,
  readRateLimit,
  takeRateLimit,
} from '../rate-limits/rate-limits.service';

/**
 * What every worker honours before a platform call, held in the database so that it holds across processes
 * (docs/decisions/0110-several-nodes.md): the budget of calls per minute of the install's app of each platform,
 * and the pause of an account its platform told to wait (429 with Retry-After). Both live in the shared rate
 * limit windows (decision 0102): one upsert counts a call, so two workers never both take the last one.
 */

/** The budget's window: calls per minute. */
export const PUBLISH_BUDGET_WINDOW_MS = 60_000;

/**
 * Each platform's budget when nothing is set: generous ceilings for the apps whose limits are counted per app
 * (X, Meta's, LinkedIn, TikTok, YouTube), far above what one install publishes in a minute, only a guard against
 * a burst spending the app's daily quota at once. Mastodon and Bluesky have none: their limits are per account
 * on each instance, and a 429 pauses the account (below).
 */
export const DEFAULT_PUBLISH_BUDGETS: Record<PlatformId, number> = {
  twitter: 300,
  linkedin: 300,
  facebook: 300,
  instagram: 300,
  threads: 300,
  tiktok: 300,
  youtube: 300,
  mastodon: 0,
  bluesky: 0,
};

/**
 * Publish calls per minute of the platform's app: PUBLISH_BUDGETS, else PUBLISH_BUDGET_PER_MINUTE, else the
 * platform's default; 0 = no budget.
 */
export function publishBudgetOf(config: Pick<Config, 'publishBudgets'>, platform: PlatformId): number {
  const { platforms, perMinute } = config.publishBudgets;
  return platforms[platform] ?? perMinute ?? DEFAULT_PUBLISH_BUDGETS[platform] ?? 0;
}

/**
 * Takes one call of the platform app's budget: 0 when taken, else the milliseconds until the next window (the
 * call waits for it). A refused call counts too, which keeps the window's count a single upsert; only calls
 * up to the budget are made.
 */
export async function takePublishBudget(
  db: Db,
  config: Pick<Config, 'publishBudgets'>,
  platform: PlatformId,
  now: number = Date.now(),
): Promise<number> {
  const budget = publishBudgetOf(config, platform);
  if (budget <= 0) return 0;
  const { current, ttl } = await takeRateLimit(
    db,
    `publish-budget:${platform}`,
    PUBLISH_BUDGET_WINDOW_MS,
    now,
  );
  return current <= budget ? 0 : Math.max(1, ttl);
}

/** The rate limit window that pauses an account's publishing (account ids are far below the keys' limit). */
const PAUSE_KEY_PREFIX = 'publish-pause:';

/** Pauses an account's publishing on every worker until `untilMs` (its platform answered 429). */
export async function pauseAccountPublishing(db: Db, accountId: string, untilMs: number): Promise<void> {
  await holdRateLimitUntil(db, `${PAUSE_KEY_PREFIX}${accountId}`, untilMs);
}

/** `accountPausedUntil` inside a statement that reads the account's id anyway: epoch ms, or null. */
export function accountPauseEndSql(accountId: SQLWrapper, nowMs: SQLWrapper | number): SQL<number | null> {
  return rateLimitEndSql(sql`${PAUSE_KEY_PREFIX} || ${accountId}`, nowMs);
}

/** When the account's pause ends (epoch ms), or undefined when it is not paused. */
export async function accountPausedUntil(
  db: Db,
  accountId: string,
  now: number = Date.now(),
): Promise<number | undefined> {
  const { ttl } = await readRateLimit(db, `${PAUSE_KEY_PREFIX}${accountId}`, now);
  return ttl > 0 ? now + ttl : undefined;
}
