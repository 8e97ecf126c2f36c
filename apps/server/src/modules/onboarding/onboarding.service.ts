import { NEW_USER_HOURS, type Onboarding } from '@relaycast/shared/onboarding';
import { roleCan } from '@relaycast/shared/roles';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import {
  posts,
  socialAccounts,
  streamSessions,
  userOnboarding,
  users,
  workspaces,
} from '../../db/schema/index';
import type { Caller } from '../../lib/caller';
import { providerSettingsFor } from '../ai/ai-settings';

/** True when the query finds at least one row. */
async function exists(query: Promise<unknown[]>): Promise<boolean> {
  return (await query).length > 0;
}

/**
 * The getting-started checklist of one user in one workspace. Every step is read from the data the step
 * produces, so it is done only when it really happened (docs/decisions/0027-onboarding.md):
 * - account: a connected social account in the workspace (one needing a reconnect or disconnected does not count,
 *   nor the demo workspace's generated ones);
 * - post: a post that left the drafts with a time (scheduled, publishing, published or failed), not deleted;
 * - ai: a provider the workspace's AI requests would use (the workspace's own or the server's);
 * - live: a stream of the workspace that went live (`stream_sessions.live_at`).
 */
export async function getOnboarding(
  db: Db,
  config: Config,
  caller: Pick<Caller, 'userId' | 'workspaceId' | 'role'>,
  now = new Date(),
): Promise<Onboarding> {
  const { userId, workspaceId } = caller;
  const [account, post, provider, live, user, preferences] = await Promise.all([
    exists(
      db
        .select({ id: socialAccounts.id })
        .from(socialAccounts)
        // The demo workspace's generated accounts are not the user's: they do not tick "connect an account".
        .innerJoin(
          workspaces,
          and(eq(workspaces.id, socialAccounts.workspaceId), eq(workspaces.isDemo, false)),
        )
        .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.status, 'connected')))
        .limit(1),
    ),
    exists(
      db
        .select({ id: posts.id })
        .from(posts)
        .where(
          and(
            eq(posts.workspaceId, workspaceId),
            isNull(posts.deletedAt),
            ne(posts.status, 'draft'),
            isNotNull(posts.scheduledAt),
          ),
        )
        .limit(1),
    ),
    providerSettingsFor(db, config, workspaceId),
    exists(
      db
        .select({ id: streamSessions.id })
        .from(streamSessions)
        .where(and(eq(streamSessions.workspaceId, workspaceId), isNotNull(streamSessions.liveAt)))
        .limit(1),
    ),
    db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
    db
      .select({ dismissedAt: userOnboarding.dismissedAt })
      .from(userOnboarding)
      .where(eq(userOnboarding.userId, userId)),
  ]);
  const createdAt = user[0]?.createdAt;
  return {
    isNewUser: createdAt !== undefined && now.getTime() - createdAt.getTime() < NEW_USER_HOURS * 3_600_000,
    dismissed: Boolean(preferences[0]?.dismissedAt),
    // Whether PUT /api/ai/settings would let the caller in: it declares `manageWorkspace`.
    canSetAiProvider: roleCan(caller.role, 'manageWorkspace'),
    steps: [
      { id: 'account', done: account },
      { id: 'post', done: post },
      { id: 'ai', done: provider !== null },
      { id: 'live', done: live },
    ],
  };
}

/** Hides or shows the checklist again, for this user only. */
export async function setOnboardingDismissed(db: Db, userId: string, dismissed: boolean): Promise<void> {
  const values = { dismissedAt: dismissed ? sql`now()` : null, updatedAt: sql`now()` };
  await db
    .insert(userOnboarding)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userOnboarding.userId, set: values });
}
