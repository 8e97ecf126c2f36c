import { createHash } from 'node:crypto';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sqlBuiltOnce } from '../../db/prepared';

/**
 * Every rate limit of the server counted in one place, the database, so that several API processes on one
 * PostgreSQL share each limit exactly (docs/decisions/0102-shared-rate-limits.md): a fixed window per key, taken
 * in one statement (an upsert that locks the key's row, so two processes never both take the last hit). The
 * sign-in limits, the public review links (through `@fastify/rate-limit`'s store below) and the public API's
 * per-user window use it.
 */
export interface RateLimitTake {
  /** Hits in the window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Keys longer than this are stored as their start and a hash (an index entry has a size limit). */
const MAX_KEY_LENGTH = 200;

/**
 * The key as stored: as given up to MAX_KEY_LENGTH characters, else its first 100 and a SHA-256 of the whole. A
 * key carries what a visitor typed (an e-mail address on sign-in): a 300,000-character one must limit like
 * any other, not fail PostgreSQL's index ("index row size exceeds maximum").
 */
export function storedKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH) return key;
  return `${key.slice(0, 100)}#${createHash('sha256').update(key).digest('base64url')}`;
}

/** Ended windows are kept this long, then deleted by the hourly sweep. */
export const ENDED_WINDOW_KEPT_MS = 60_000;

/** A window's row as the statements below give it. */
type WindowRow = { hits: number; resets_at_ms: string | number };

// The statements of this file, each written once with its values as placeholders (decision 0130).
const takeStatement = sqlBuiltOnce<WindowRow>(
  () => sql`insert into rate_limit_windows as w (key, hits, resets_at_ms)
    values (${sql.placeholder('key')}, 1, ${sql.placeholder('now')}::bigint + ${sql.placeholder('windowMs')}::bigint)
    on conflict (key) do update set
      hits = case when w.resets_at_ms <= ${sql.placeholder('now')}::bigint then 1 else w.hits + 1 end,
      resets_at_ms = case when w.resets_at_ms <= ${sql.placeholder('now')}::bigint then excluded.resets_at_ms else w.resets_at_ms end
    returning hits, resets_at_ms`,
);

const holdStatement = sqlBuiltOnce<WindowRow>(
  () => sql`insert into rate_limit_windows as w (key, hits, resets_at_ms)
    values (${sql.placeholder('key')}, 1, ${sql.placeholder('untilMs')}::bigint)
    on conflict (key) do update set
      hits = case when w.resets_at_ms <= ${sql.placeholder('now')}::bigint then 1 else w.hits + 1 end,
      resets_at_ms = greatest(excluded.resets_at_ms,
        case when w.resets_at_ms <= ${sql.placeholder('now')}::bigint then 0 else w.resets_at_ms end)
    returning hits, resets_at_ms`,
);

const readStatement = sqlBuiltOnce<WindowRow>(
  () =>
    sql`select hits, resets_at_ms from rate_limit_windows where key = ${sql.placeholder('key')} and resets_at_ms > ${sql.placeholder('now')}::bigint`,
);

const deleteEndedStatement = sqlBuiltOnce<{ key: string }>(
  () =>
    sql`delete from rate_limit_windows where resets_at_ms < ${sql.placeholder('before')}::bigint returning key`,
);

/**
 * Counts one hit of `key` in its window of `windowMs` (a new window when the last one ended). The clock is the
 * caller's (`now`): the servers of one install keep their clocks in step (NTP), and a test can name its time.
 */
export async function takeRateLimit(
  db: Db,
  key: string,
  windowMs: number,
  now: number = Date.now(),
): Promise<RateLimitTake> {
  const { rows } = await takeStatement(db, { key: storedKey(key), now, windowMs });
  const row = rows[0];
  if (!row) throw new Error('the rate limit window was not written');
  return { current: row.hits, ttl: Math.max(0, Number(row.resets_at_ms) - now) };
}

/**
 * Makes the window of `key` last at least until `untilMs` (a new one when none is running), counting one hit: a
 * pause every process reads (`readRateLimit`'s ttl), such as an account its platform told to wait (429).
 */
export async function holdRateLimitUntil(
  db: Db,
  key: string,
  untilMs: number,
  now: number = Date.now(),
): Promise<RateLimitTake> {
  const { rows } = await holdStatement(db, { key: storedKey(key), now, untilMs });
  const row = rows[0];
  if (!row) throw new Error('the rate limit window was not written');
  return { current: row.hits, ttl: Math.max(0, Number(row.resets_at_ms) - now) };
}

/** The window of `key` without counting a hit (0 hits when none is running). */
export async function readRateLimit(db: Db, key: string, now: number = Date.now()): Promise<RateLimitTake> {
  const { rows } = await readStatement(db, { key: storedKey(key), now });
  const row = rows[0];
  return row
    ? { current: row.hits, ttl: Math.max(0, Number(row.resets_at_ms) - now) }
    : { current: 0, ttl: 0 };
}

/**
 * `readRateLimit` inside another statement: when the window of `key` (a short key, stored as given) ends, in
 * epoch milliseconds, or null when none runs at `nowMs`. A statement that reads its row anyway learns it in the
 * same round trip (the publishing engine reads an account's pause with its target).
 */
export function rateLimitEndSql(key: SQL, nowMs: SQLWrapper | number): SQL<number | null> {
  return sql<number | null>`(select w.resets_at_ms from rate_limit_windows w
    where w.key = ${key} and w.resets_at_ms > ${nowMs}::bigint)`.mapWith((value) =>
    value === null ? null : Number(value),
  );
}

/** Deletes the windows that ended a while ago (the hourly sweep). */
export async function deleteEndedRateLimits(db: Db, now: number = Date.now()): Promise<number> {
  const { rows } = await deleteEndedStatement(db, { before: now - ENDED_WINDOW_KEPT_MS });
  return rows.length;
}

type Callback = (error: Error | null, result?: RateLimitTake) => void;

interface StoreParams {
  /** A name that keeps one limiter's keys apart from another's (the route, or the limiter's own name). */
  nameSpace?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for `@fastify/rate-limit` (plugins/security.ts registers it) that counts in the database. The plugin
 * makes one child per limited route or `createRateLimit` call; a route's keys are prefixed with its method and
 * URL (a `createRateLimit` names its keys itself, `auth-ip:…`), as the plugin's own store keeps one map a route.
 * `continueExceeding` and `exponentialBackoff` are not offered: no limit here uses them.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    constructor(options: unknown = {}) {
      // The plugin passes its merged options: a route's carry `routeInfo` (its types do not say so).
      const params = options as StoreParams;
      const route = params.routeInfo?.url
        ? `${[params.routeInfo.method ?? ''].flat().join(',')} ${params.routeInfo.url}|`
        : '';
      this.prefix = params.nameSpace ? `${params.nameSpace}|` : route;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      takeRateLimit(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      readRateLimit(db, this.prefix + key).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(params: unknown): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(params);
    }
  };
}
