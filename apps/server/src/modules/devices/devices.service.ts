import { describeUserAgent, type SignedInDevice } from '@relaycast/shared/security';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/index';

/**
 * The user's signed-in devices (Better Auth's session rows), for Settings → Security. Only what a person needs
 * to recognise a device goes out: never the session token.
 */
export async function listSignedInDevices(
  db: Db,
  userId: string,
  currentSessionId: string,
): Promise<SignedInDevice[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt))
    .limit(200);
  const devices = rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress || null,
    lastActiveAt: row.updatedAt.toISOString(),
    signedInAt: row.createdAt.toISOString(),
    isCurrent: row.id === currentSessionId,
  }));
  // This device first, then the most recently active.
  return devices.sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
}

/** "Sign out everywhere else": every session of the user but this one ends. Returns how many ended. */
export async function revokeOtherSessions(db: Db, userId: string, currentSessionId: string): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return removed.length;
}

/**
 * Signs one other device out: the user's session with that id ends. This device's own session is not ended
 * here (Sign out does that); another user's session id matches nothing. Returns whether one ended.
 */
export async function revokeSession(
  db: Db,
  userId: string,
  currentSessionId: string,
  sessionId: string,
): Promise<boolean> {
  const removed = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return removed.length > 0;
}
