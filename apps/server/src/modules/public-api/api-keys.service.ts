import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isPlanId } from '@relaycast/shared/plans';
import {
  API_KEY_MAX_PER_WORKSPACE,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARS,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
  looksLikeApiKey,
} from '@relaycast/shared/public-api';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { keptAnswers } from '../../db/kept-answers';
import { perDatabase } from '../../db/prepared';
import { apiKeys, userSettings, users, workspaceMembers, workspaces } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { WorkspaceContext } from '../workspaces/workspaces.service';

/** First key of the per-user-and-workspace advisory lock around the count and the insert. */
const API_KEY_LOCK_NAMESPACE = 724_311_910;
/**
 * `last_used_at` is written at most this often per key: a busy key's answer is kept between its requests (below)
 * and read again only after that write.
 */
const LAST_USED_PRECISION_MS = 60_000;

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function toApiKey(row: typeof apiKeys.$inferSelect): ApiKey {
  return {
    id: row.id,
    name: row.name,
    start: row.start,
    scopes: row.scopes.filter((scope): scope is ApiKeyScope => scope === 'read' || scope === 'write'),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The user's active keys in the workspace, oldest first. */
export async function listApiKeys(db: Db, workspaceId: string, userId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map(toApiKey);
}

/**
 * Creates a key and returns it in full, the only time it exists outside the caller's hands. The count and the
 * insert run under a lock, so two parallel creations cannot pass the limit together.
 */
export async function createApiKey(
  db: Db,
  input: { workspaceId: string; userId: string; name: string; scopes: ApiKeyScope[] },
): Promise<CreatedApiKey> {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${sql.raw(String(API_KEY_LOCK_NAMESPACE))}, hashtext(${`${input.userId}:${input.workspaceId}`}))`,
    );
    const [active] = await tx
      .select({ total: count() })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.workspaceId, input.workspaceId),
          eq(apiKeys.userId, input.userId),
          isNull(apiKeys.revokedAt),
        ),
      );
    if ((active?.total ?? 0) >= API_KEY_MAX_PER_WORKSPACE) {
      throw new AppError('API_KEY_LIMIT');
    }
    const [row] = await tx
      .insert(apiKeys)
      .values({
        id: randomUUID(),
        workspaceId: input.workspaceId,
        userId: input.userId,
        name: input.name,
        start: secret.slice(0, API_KEY_SHOWN_CHARS),
        keyHash: hashApiKey(secret),
        scopes: input.scopes,
      })
      .returning();
    if (!row) throw new Error('api key insert returned nothing');
    return { key: toApiKey(row), secret };
  });
}

/** Revokes one of the user's keys in the workspace; another user's or workspace's key is "not found". */
export async function revokeApiKey(db: Db, workspaceId: string, userId: string, id: string): Promise<void> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, id),
        eq(apiKeys.workspaceId, workspaceId),
        eq(apiKeys.userId, userId),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw new AppError('NOT_FOUND', { message: API_KEY_MESSAGES.notFound });
}

export interface ApiKeyContext {
  keyId: string;
  scopes: string[];
  user: { id: string; email: string; name: string };
  workspace: WorkspaceContext;
}

function buildKeyLookup(db: Db) {
  return db
    .select({
      keyId: apiKeys.id,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      enabled: sql<boolean>`coalesce(${userSettings.apiKeyEnabled}, true)`,
      workspace: {
        id: workspaces.id,
        name: workspaces.name,
        plan: workspaces.plan,
        trialEndsAt: workspaces.trialEndsAt,
        role: workspaceMembers.role,
      },
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.userId, apiKeys.userId),
        eq(workspaceMembers.organizationId, apiKeys.workspaceId),
      ),
    )
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .leftJoin(userSettings, eq(userSettings.userId, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder('hash')), isNull(apiKeys.revokedAt)))
    .limit(1)
    .prepare('relaycast_api_key_context');
}

/** Built once per database, like the session lookup (modules/auth/session-lookup.ts): planned once. */
const keyLookup = perDatabase(buildKeyLookup);

/** The tables the key statement reads: a write to any of them drops every kept answer. */
export const API_KEY_TABLES = [
  'api_keys',
  'users',
  'workspaces',
  'workspace_members',
  'user_settings',
] as const;
/** Answers kept per database, up to this many keys (by hash; unknown ones too); then it starts again. */
const KEPT_KEYS = 10_000;
type KeyRow = Awaited<ReturnType<ReturnType<typeof keyLookup>['execute']>>[number];
/**
 * A key's answer, kept like the session's (db/kept-answers.ts): a revoked key, a member removed, API access turned
 * off or a renamed workspace is read anew by the next request, in this process and (on PostgreSQL) in every other.
 */
const keptKeys = keptAnswers<Readonly<KeyRow> | null>(API_KEY_TABLES, KEPT_KEYS);

/**
 * The owner, workspace and scopes of a key, in one prepared statement: only an active key whose owner is still
 * a member of its workspace and has API key access on (no settings row means the default, on). Anything else
 * is a 401 with the reason a developer can act on.
 */
export async function authenticateApiKey(db: Db, secret: string): Promise<ApiKeyContext> {
  if (!looksLikeApiKey(secret)) throw new AppError('API_KEY_INVALID');
  const hash = hashApiKey(secret);
  const row = await keptKeys(db, hash, async () => {
    const [found] = await keyLookup(db).execute({ hash });
    return found ? Object.freeze({ ...found, scopes: Object.freeze(found.scopes) as string[] }) : null;
  });
  if (!row) throw new AppError('API_KEY_INVALID');
  if (!row.enabled) throw new AppError('API_KEY_ACCESS_OFF');
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.keyId));
  }
  const { plan } = row.workspace;
  return {
    keyId: row.keyId,
    scopes: row.scopes,
    user: { id: row.userId, email: row.email, name: row.name },
    workspace: {
      ...row.workspace,
      plan: isPlanId(plan) ? plan : null,
    },
  };
}
