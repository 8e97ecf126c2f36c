import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { keptAnswers } from '../../db/kept-answers';
import { perDatabase } from '../../db/prepared';
import { sessions, users } from '../../db/schema/index';
import { requestWorkspaceQuery, type WorkspaceContext } from '../workspaces/workspaces.service';

/**
 * The per-request session lookup (docs/decisions/0017-request-path-performance.md). Better Auth's getSession
 * costs three statements (session, user, and ours for the workspace) plus its endpoint machinery on every API
 * request; this reads the signed cookie itself and answers with ONE prepared statement: the session, its user
 * and the workspace the request works in. Anything unusual (a session due for its daily refresh, an expired
 * one) goes back to Better Auth, which owns those writes.
 */

/** What Better Auth's own cookie code needs to agree with: its cookie name, secret and session ages. */
export interface SessionCookieSettings {
  cookieName: string;
  secret: string;
  /** Seconds a session lives, and after how many seconds of it Better Auth extends it (session config). */
  expiresInSeconds: number;
  updateAgeSeconds: number;
}

/** One cookie's raw value from a Cookie header, URI-decoded as Better Auth's parser does. */
export function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    const raw = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

/** Signed cookie values already verified, per settings (secret), kept up to this many; then it starts again. */
const VERIFIED_KEPT = 10_000;
const verifiedBySettings = new WeakMap<SessionCookieSettings, Map<string, string>>();

/**
 * The session token of a signed session cookie (`token.base64(HMAC-SHA256(token))`, better-call's format), or
 * null when it is missing or its signature does not match. Node's HMAC is synchronous and far cheaper than the
 * WebCrypto round trip better-call makes per request; a value whose signature matched once is remembered (its
 * HMAC cannot change), which saves the HMAC on the following requests (docs/decisions/0086-request-fixed-cost.md).
 * Only the signature check is remembered: the session itself is read from the database at every request, so a
 * revoked session stops at once.
 */
export function readSessionToken(cookieHeader: string | undefined, settings: SessionCookieSettings) {
  if (!cookieHeader) return null;
  const value = cookieValue(cookieHeader, settings.cookieName);
  if (!value) return null;
  let verified = verifiedBySettings.get(settings);
  if (!verified) {
    verified = new Map();
    verifiedBySettings.set(settings, verified);
  }
  const known = verified.get(value);
  if (known !== undefined) return known;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', settings.secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (verified.size >= VERIFIED_KEPT) verified.clear();
  verified.set(value, token);
  return token;
}

export interface SessionContext {
  user: { id: string; email: string; name: string };
  expiresAt: Date;
  /** The session's active workspace when the user is still a member, else their first; null with none. */
  workspace: WorkspaceContext | null;
}

function buildSessionContextQuery(db: Db) {
  // The workspace the request works in, chosen by the database next to the session row (the same rule as
  // resolveWorkspace: the active one when still a member, else the oldest membership).
  const workspace = requestWorkspaceQuery(db, sessions.userId, sessions.activeOrganizationId).as(
    'request_workspace',
  );
  return db
    .select({
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      workspace: {
        id: workspace.id,
        name: workspace.name,
        plan: workspace.plan,
        trialEndsAt: workspace.trialEndsAt,
        billingStatus: workspace.billingStatus,
        role: workspace.role,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(workspace, sql`true`)
    .where(and(eq(sessions.token, sql.placeholder('token'))))
    .prepare('relaycast_session_context');
}

/** Built once per database: the SQL text is made once, and PostgreSQL plans the named statement once. */
const sessionContextQuery = perDatabase(buildSessionContextQuery);

/** The tables the session statement reads: a write to any of them drops every kept answer. */
export const SESSION_TABLES = ['sessions', 'users', 'workspaces', 'workspace_members'] as const;
/** Answers kept per database, up to this many tokens; then it starts again. */
const KEPT_SESSIONS = 10_000;
const keptSessions = keptAnswers<SessionContext | null>(SESSION_TABLES, KEPT_SESSIONS);

/**
 * The session of `token` with its user and workspace, or null when there is no such session. The answer is kept
 * until a statement writes one of SESSION_TABLES (db/kept-answers.ts): a revoked session, a renamed workspace or
 * a changed role is read anew on the next request. Expiry and refresh are judged by the caller on `expiresAt` at
 * every request, kept or not (docs/decisions/0115 and 0118).
 */
export function findSessionContext(db: Db, token: string): Promise<SessionContext | null> {
  return keptSessions(db, token, async () => {
    const [row] = await sessionContextQuery(db).execute({ token });
    return row
      ? Object.freeze({
          user: Object.freeze({ id: row.userId, email: row.email, name: row.name }),
          expiresAt: row.expiresAt,
          workspace: row.workspace ? Object.freeze(row.workspace) : null,
        })
      : null;
  });
}

/** Whether Better Auth would extend this session now (its rule: `updateAge` seconds after the last extension). */
export function isSessionDueForRefresh(expiresAt: Date, settings: SessionCookieSettings, now = Date.now()) {
  return expiresAt.getTime() - settings.expiresInSeconds * 1000 + settings.updateAgeSeconds * 1000 <= now;
}
