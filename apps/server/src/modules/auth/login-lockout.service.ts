import {
  LOGIN_LOCKOUT_WINDOW_MINUTES,
  LOGIN_MAX_FAILED_ATTEMPTS,
  normalizeEmail,
} from '@relaycast/shared/auth';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema/index';

/** First key of the per-e-mail advisory lock around the count and the reservation (the second is hashtext). */
const LOGIN_LOCK_NAMESPACE = 7_013;

/**
 * An attempt allowed to check a password. It is counted before the password is checked, so any number of
 * parallel requests for one e-mail try at most LOGIN_MAX_FAILED_ATTEMPTS passwords per window (docs/decisions/0018-origins-sign-in-hardening.md): a success removes it again, a failure or a crash leaves it counted.
 */
export type LoginReservation = { allowed: true; id: number } | { allowed: false; retryAfterSeconds: number };

const scopeOf = (device: string | null) =>
  device === null ? isNull(loginFailures.device) : eq(loginFailures.device, device);

/**
 * Counts and reserves in one transaction under a lock per e-mail (PGlite runs one transaction at a time; on
 * PostgreSQL the advisory lock serialises processes). `device` is the caller's known-device id: attempts from
 * unknown devices share one count, each known device has its own.
 */
export async function reserveLoginAttempt(
  db: Db,
  email: string,
  device: string | null,
  ipAddress: string | null,
): Promise<LoginReservation> {
  const normalized = normalizeEmail(email);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${sql.raw(String(LOGIN_LOCK_NAMESPACE))}, hashtext(${normalized}))`,
    );
    const windowStart = sql`now() - make_interval(mins => ${LOGIN_LOCKOUT_WINDOW_MINUTES})`;
    const [row] = await tx
      .select({
        attempts: sql<number>`count(*)::int`,
        retryAfter: sql<number>`coalesce(ceil(extract(epoch from (min(${loginFailures.createdAt}) + make_interval(mins => ${LOGIN_LOCKOUT_WINDOW_MINUTES}) - now()))), 0)::int`,
      })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.email, normalized),
          scopeOf(device),
          sql`${loginFailures.createdAt} > ${windowStart}`,
        ),
      );
    if ((row?.attempts ?? 0) >= LOGIN_MAX_FAILED_ATTEMPTS) {
      return { allowed: false, retryAfterSeconds: Math.max(1, row?.retryAfter ?? 1) };
    }
    const [inserted] = await tx
      .insert(loginFailures)
      .values({ email: normalized, device, ipAddress })
      .returning({ id: loginFailures.id });
    if (!inserted) throw new Error('login attempt was not recorded');
    return { allowed: true, id: inserted.id };
  });
}

/**
 * A successful sign-in: the reservation goes, and so does the count of the scope it was made in (this device,
 * or unknown devices), which starts afresh. Rows older than a day no longer matter and are trimmed here.
 */
export async function clearLoginFailures(db: Db, email: string, device: string | null): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, normalizeEmail(email)), scopeOf(device)));
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, sql`now() - interval '1 day'`));
}

/** A request that ended without checking the password (bad input, a server error): not a guess. */
export async function releaseLoginAttempt(db: Db, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** After proving control of the address (a one-time e-mailed link), every count for it starts afresh. */
export async function clearAllLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, normalizeEmail(email)));
}
