import {
  LOGIN_LOCKOUT_WINDOW_MINUTES,
  LOGIN_MAX_FAILED_ATTEMPTS,
  normalizeEmail,
} from '@relaycast/shared/auth';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema/index';

const windowStart = () => sql`now() - make_interval(mins => ${LOGIN_LOCKOUT_WINDOW_MINUTES})`;

/** True when this email has used up its failed attempts inside the rolling window. */
export async function isLoginLocked(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ failures: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, normalizeEmail(email)), gt(loginFailures.createdAt, windowStart())));
  return (row?.failures ?? 0) >= LOGIN_MAX_FAILED_ATTEMPTS;
}

export async function recordLoginFailure(db: Db, email: string, ipAddress: string | null): Promise<void> {
  await db.insert(loginFailures).values({ email: normalizeEmail(email), ipAddress });
  // Rows older than the window no longer matter; trimming here keeps the table small without a job.
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, sql`now() - interval '1 day'`));
}

/** A successful sign-in starts the count afresh. */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, normalizeEmail(email)));
}
