import { randomUUID } from 'node:crypto';
import {
  ENGAGEMENT_HOURLY_LIMITS,
  ENGAGEMENT_MESSAGES,
  ENGAGEMENT_PLATFORM_NAMES,
  ENGAGEMENT_SUCCESS,
  ENGAGEMENT_WINDOW_MS,
  type EngagementAction,
  type EngagementActionRecord,
  type EngagementActionRequest,
  type EngagementActionResult,
  type EngagementPlatform,
  engagementActionProblem,
} from '@relaycast/shared/engagement';
import type { PlatformId } from '@relaycast/shared/platforms';
import { and, count, eq, gt, min, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { engagementActions, inboxItems, socialAccounts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { connectorFor, hasConnector } from '../../platforms/registry';
import { type EngagementTarget, PlatformError } from '../../platforms/types';
import { withFreshCredentials } from '../accounts/account-credentials';
import { isDemoAccount } from './engagement-inbox';

/** First key of the per-user-and-action advisory lock around the hourly check (the second is hashtext). */
const ENGAGEMENT_LOCK_NAMESPACE = 724_311_908;

type ActionRow = typeof engagementActions.$inferSelect;

export function toActionRecord(row: ActionRow): EngagementActionRecord {
  return {
    id: row.id,
    userId: row.userId,
    action: row.action,
    platform: row.platform as EngagementPlatform,
    content: row.content,
    timestamp: row.timestamp.toISOString(),
    itemId: row.itemId,
    accountId: row.accountId,
    outcome: row.outcome,
    failureReason: row.failureReason,
  };
}

function validationError(message: string) {
  return new AppError('VALIDATION', { message });
}

/** The connector method behind each action. */
const OPERATION: Record<EngagementAction, 'like' | 'reply' | 'message'> = {
  like: 'like',
  comment: 'reply',
  dm: 'message',
};

/**
 * Counts one action against the user's rolling-hour limit and records it as 'pending', atomically: the count
 * and the insert run under a transaction-scoped advisory lock on (user, action), so parallel requests (in one
 * process or several sharing a PostgreSQL) are serialised and exactly `limit` get through. Refused with 429
 * and Retry-After (when the oldest counted action leaves the window) once the count reaches the limit.
 */
export async function reserveAction(
  db: Db,
  entry: {
    workspaceId: string;
    userId: string;
    action: EngagementAction;
    platform: EngagementPlatform;
    content: string | null;
    itemId: string | null;
    accountId: string | null;
  },
  now = new Date(),
): Promise<ActionRow> {
  const limit = ENGAGEMENT_HOURLY_LIMITS[entry.action];
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${sql.raw(String(ENGAGEMENT_LOCK_NAMESPACE))}, hashtext(${`${entry.userId}|${entry.action}`}))`,
    );
    const since = new Date(now.getTime() - ENGAGEMENT_WINDOW_MS);
    const [row] = await tx
      .select({ total: count(), oldest: min(engagementActions.timestamp) })
      .from(engagementActions)
      .where(
        and(
          eq(engagementActions.userId, entry.userId),
          eq(engagementActions.action, entry.action),
          gt(engagementActions.timestamp, since),
          ne(engagementActions.outcome, 'failed'),
        ),
      );
    if ((row?.total ?? 0) >= limit) {
      const oldest = row?.oldest ?? now;
      const seconds = Math.max(
        1,
        Math.ceil((oldest.getTime() + ENGAGEMENT_WINDOW_MS - now.getTime()) / 1000),
      );
      throw new AppError('ENGAGEMENT_RATE_LIMITED', {
        values: [entry.action],
        headers: { 'retry-after': String(seconds) },
      });
    }
    const [inserted] = await tx
      .insert(engagementActions)
      .values({ id: randomUUID(), ...entry, timestamp: now, outcome: 'pending' })
      .returning();
    return inserted!;
  });
}

/** What a platform failure means for the user (the action is recorded as failed and does not count). */
function platformFailure(error: PlatformError, platformName: string): AppError {
  switch (error.kind) {
    case 'reauthorize':
      return new AppError('ACCOUNT_UNAVAILABLE');
    case 'retry': {
      const seconds = error.details.retryAfterMs ? Math.ceil(error.details.retryAfterMs / 1000) : undefined;
      return new AppError('PLATFORM_FAILED', {
        values: [platformName, error.message],
        headers: seconds ? { 'retry-after': String(seconds) } : {},
      });
    }
    default:
      return new AppError('PLATFORM_FAILED', {
        status: error.kind === 'refuse' ? 422 : 502,
        values: [platformName, error.message],
      });
  }
}

/**
 * Likes, comments on (replies to) or messages the author of an inbox item, as the signed-in user, through the
 * item's account and its platform's connector. Validation first (400, nothing recorded or sent), then the
 * hourly limit (429), then the platform call; the record ends 'sent' or 'failed' with the platform's reason.
 * A reply or a message marks the item answered (its first reply time feeds the response metrics).
 */
export async function performAction(
  db: Db,
  config: Config,
  caller: Pick<Caller, 'userId' | 'workspaceId'>,
  input: EngagementActionRequest,
): Promise<EngagementActionResult> {
  const problem = engagementActionProblem(input);
  if (problem) throw validationError(problem);
  const platform = input.platform as EngagementPlatform;
  const action = input.action as EngagementAction;
  const platformName = ENGAGEMENT_PLATFORM_NAMES[platform];
  if (input.userId !== caller.userId) {
    throw new AppError('FORBIDDEN', { message: ENGAGEMENT_MESSAGES.notYourUser });
  }
  if (!input.itemId) throw validationError(ENGAGEMENT_MESSAGES.itemRequired);
  const [item] = await db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.id, input.itemId), eq(inboxItems.workspaceId, caller.workspaceId)))
    .limit(1);
  if (!item) throw new AppError('NOT_FOUND', { message: ENGAGEMENT_MESSAGES.itemNotFound });
  if (item.platform !== platform) throw validationError(ENGAGEMENT_MESSAGES.wrongPlatform);

  if (!hasConnector(platform as PlatformId)) {
    throw new AppError('PLATFORM_FAILED', {
      message: ENGAGEMENT_MESSAGES.connectorUnavailable(platformName),
    });
  }
  const connector = connectorFor(platform as PlatformId);
  const operation = OPERATION[action];
  const run = connector.engagement?.[operation];
  if (!run || !connector.capabilities.engagement[operation]) {
    throw validationError(ENGAGEMENT_MESSAGES.unsupportedAction(platform));
  }

  const content = action === 'like' ? null : (input.content?.trim() ?? null);
  const demo = await isDemoItem(db, item.accountId);
  const reserved = await reserveAction(db, {
    workspaceId: caller.workspaceId,
    userId: caller.userId,
    action,
    platform,
    content,
    itemId: item.id,
    accountId: item.accountId,
  });

  const target: EngagementTarget = {
    platformItemId: item.platformItemId,
    kind: item.kind,
    platformPostId: item.platformPostId ?? undefined,
    conversationId: item.conversationId ?? undefined,
    authorPlatformUserId: item.authorPlatformId,
    authorHandle: item.authorHandle,
  };
  let resultId: string | undefined;
  try {
    // A demo item (analytics-demo-inbox.ts) is answered in the inbox only: no network is ever called for it.
    if (demo) resultId = `demo-${randomUUID()}`;
    else
      resultId = await withFreshCredentials(db, config, item.accountId, async (credentials, ctx) => {
        if (operation === 'like') {
          await connector.engagement!.like!(ctx, credentials, target);
          return undefined;
        }
        if (operation === 'reply') {
          return (await connector.engagement!.reply!(ctx, credentials, target, content ?? '')).platformItemId;
        }
        return (await connector.engagement!.message!(ctx, credentials, target, content ?? '')).platformItemId;
      });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .update(engagementActions)
      .set({ outcome: 'failed', failureReason: reason.slice(0, 1_000) })
      .where(eq(engagementActions.id, reserved.id));
    if (error instanceof PlatformError) throw platformFailure(error, platformName);
    throw error;
  }

  const now = new Date();
  const [sent] = await db
    .update(engagementActions)
    .set({ outcome: 'sent', platformResultId: resultId ?? null })
    .where(eq(engagementActions.id, reserved.id))
    .returning();
  if (action !== 'like') {
    await db
      .update(inboxItems)
      .set({
        firstReplyAt: sql`coalesce(${inboxItems.firstReplyAt}, ${now.toISOString()}::timestamptz)`,
        status: sql`case when ${inboxItems.status} = 'unanswered' then 'answered' else ${inboxItems.status} end`,
      })
      .where(eq(inboxItems.id, item.id));
  }
  return {
    record: toActionRecord(sent!),
    message: demo ? ENGAGEMENT_MESSAGES.demoNotSent : ENGAGEMENT_SUCCESS[platform][action],
  };
}

/** Whether the item came to one of the demo generator's accounts. */
async function isDemoItem(db: Db, accountId: string): Promise<boolean> {
  const [account] = await db
    .select({ meta: socialAccounts.meta })
    .from(socialAccounts)
    .where(eq(socialAccounts.id, accountId))
    .limit(1);
  return isDemoAccount(account?.meta);
}
