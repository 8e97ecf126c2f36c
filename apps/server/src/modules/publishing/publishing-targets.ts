import { randomUUID } from 'node:crypto';
import { isUnapprovedStatus } from '@relaycast/shared/approvals';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { PostStatus } from '@relaycast/shared/posts';
import { PUBLISH_MESSAGES, type TargetStatus } from '@relaycast/shared/publishing';
import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { builtOnce, insertRows } from '../../db/prepared';
import { postTargets, socialAccounts } from '../../db/schema/index';
import { ValidationError } from '../../lib/app-error';

/**
 * A post's targets follow the post: the composer's account choice for each platform, and the post's status and
 * instant. Called by the posts service in the transaction that writes the post.
 */

interface WorkspaceAccount {
  id: string;
  platform: string;
  status: string;
}

export interface TargetPlan {
  platforms: readonly PlatformId[];
  /** The accounts the user chose; null keeps the post's current ones (a move in the calendar). */
  accountIds: readonly string[] | null;
  status: PostStatus;
  scheduledAt: Date | null;
}

/** Targets already published or maybe published are history: a sync never replaces them. */
const KEPT_STATUSES: TargetStatus[] = ['published', 'publishing', 'unconfirmed'];

/** The chosen accounts of a plan, checked: each of the workspace and of one of the post's platforms. */
function chosenAccounts(
  plan: TargetPlan,
  chosenIds: readonly string[],
  accounts: readonly WorkspaceAccount[],
): WorkspaceAccount[] {
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const chosen = [...new Set(chosenIds)].map((id) => {
    const account = byId.get(id);
    if (!account)
      throw new ValidationError([{ path: 'accountIds', message: PUBLISH_MESSAGES.unknownAccount }]);
    return account;
  });
  if (plan.accountIds && chosen.some((account) => !plan.platforms.includes(account.platform as PlatformId))) {
    throw new ValidationError([{ path: 'accountIds', message: PUBLISH_MESSAGES.accountPlatformMismatch }]);
  }
  return chosen;
}

/** One target per chosen account of each platform (the only connected one when none is chosen, else none). */
function wantedTargets(
  plan: TargetPlan,
  chosen: readonly WorkspaceAccount[],
  accounts: readonly WorkspaceAccount[],
  keptAccounts: ReadonlySet<string | null>,
): { platform: PlatformId; account: WorkspaceAccount | null }[] {
  const wanted: { platform: PlatformId; account: WorkspaceAccount | null }[] = [];
  for (const platform of plan.platforms) {
    let forPlatform = chosen.filter((account) => account.platform === platform);
    if (forPlatform.length === 0) {
      const connected = accounts.filter(
        (account) => account.platform === platform && account.status === 'connected',
      );
      if (connected.length === 1) forPlatform = connected;
    }
    if (forPlatform.length === 0) wanted.push({ platform, account: null });
    for (const account of forPlatform) {
      if (!keptAccounts.has(account.id)) wanted.push({ platform, account });
    }
  }
  return wanted;
}

/**
 * The accounts a new post of these platforms and chosen accounts publishes to, as its targets will say; an unknown
 * chosen id is left out (the post's own checks report it). The queue's slots are read for them (docs/queue-slots.md).
 */
export function plannedAccountIds(
  plan: Pick<TargetPlan, 'platforms' | 'accountIds'>,
  accounts: readonly WorkspaceAccount[],
): string[] {
  const chosen = accounts.filter((account) => plan.accountIds?.includes(account.id));
  const wanted = wantedTargets({ ...plan, status: 'draft', scheduledAt: null }, chosen, accounts, new Set());
  return [...new Set(wanted.flatMap(({ account }) => (account ? [account.id] : [])))];
}

/** A pending target's state for the post's plan. */
function targetState(plan: TargetPlan, platform: PlatformId, account: WorkspaceAccount | null, now: Date) {
  // A post not approved (approvals) keeps draft targets: nothing claims them until it is.
  const isDraft = plan.status === 'draft' || isUnapprovedStatus(plan.status);
  const isConnected = account?.status === 'connected';
  return {
    status: (isDraft
      ? 'draft'
      : !account
        ? 'needs_account'
        : isConnected
          ? 'scheduled'
          : 'needs_reconnect') as TargetStatus,
    lastError: isDraft
      ? null
      : !account
        ? PUBLISH_MESSAGES.noAccount(platform)
        : isConnected
          ? null
          : PUBLISH_MESSAGES.disconnected(platform),
    dueAt: plan.scheduledAt,
    attempts: 0,
    attemptStartedAt: null,
    updatedAt: now,
  };
}

/**
 * The pending targets kept in place, in one statement however many (an edit used to send one per target). The
 * post's id narrows it to the post's targets by their index: matched by id alone, the set of rows PostgreSQL
 * cannot count (it guesses 100) made a plan made on small tables hash-join a scan of every target, at every save,
 * as the table grew (docs/decisions/0124).
 */
async function updateTargetStates(
  tx: Db,
  postId: string,
  updates: readonly { id: string; state: ReturnType<typeof targetState> }[],
  now: Date,
): Promise<void> {
  if (updates.length === 0) return;
  const rows = JSON.stringify(
    updates.map(({ id, state }) => ({
      id,
      status: state.status,
      due_at: state.dueAt?.toISOString() ?? null,
      last_error: state.lastError,
    })),
  );
  await tx.execute(sql`update post_targets set status = wanted.status, due_at = wanted.due_at,
      last_error = wanted.last_error, attempts = 0, attempt_started_at = null, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${rows}::jsonb) as wanted(id text, status text, due_at timestamptz, last_error text)
    where post_targets.post_id = ${postId} and post_targets.id = wanted.id`);
}

/** The workspace's accounts, as the targets read them. */
export async function workspaceAccounts(tx: Db, workspaceId: string): Promise<WorkspaceAccount[]> {
  return accountsOfWorkspace(tx, { workspaceId });
}

/** Read at every create, so written once. */
const accountsOfWorkspace = builtOnce((db) =>
  db
    .select({ id: socialAccounts.id, platform: socialAccounts.platform, status: socialAccounts.status })
    .from(socialAccounts)
    .where(eq(socialAccounts.workspaceId, sql.placeholder('workspaceId'))),
);

interface ExistingTarget {
  id: string;
  platform: string;
  accountId: string | null;
  status: TargetStatus;
  jobId: string | null;
}

/** The post's targets and the workspace's accounts, in one round trip (a save's statements, decision 0086). */
async function targetsAndAccounts(
  tx: Db,
  workspaceId: string,
  postId: string,
): Promise<{ existing: ExistingTarget[]; accounts: WorkspaceAccount[] }> {
  const result = await tx.execute(sql`select
    coalesce((select json_agg(json_build_object('id', t.id, 'platform', t.platform, 'accountId', t.account_id,
        'status', t.status, 'jobId', t.job_id)) from ${postTargets} t where t.post_id = ${postId}), '[]'::json)
      as existing,
    coalesce((select json_agg(json_build_object('id', a.id, 'platform', a.platform, 'status', a.status))
        from ${socialAccounts} a where a.workspace_id = ${workspaceId}), '[]'::json) as accounts`);
  const row = (result as unknown as { rows: { existing: unknown; accounts: unknown }[] }).rows[0];
  const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? []));
  return { existing: parsed(row?.existing), accounts: parsed(row?.accounts) };
}

/**
 * The target rows of a new post (nothing to keep or replace), as `syncPostTargets` would write them; the caller
 * inserts them, several posts' at once.
 */
export function newPostTargets(
  workspaceId: string,
  postId: string,
  plan: TargetPlan,
  accounts: readonly WorkspaceAccount[],
  now: Date,
): (typeof postTargets.$inferInsert)[] {
  const chosen = chosenAccounts(plan, plan.accountIds ?? [], accounts);
  return wantedTargets(plan, chosen, accounts, new Set()).map(({ platform, account }) => ({
    ...targetState(plan, platform, account, now),
    id: randomUUID(),
    workspaceId,
    postId,
    platform,
    accountId: account?.id ?? null,
    createdAt: now,
  }));
}

/**
 * Replaces the post's pending targets with one per chosen account. A platform without a chosen account takes
 * the workspace's only connected account for it; with none (or several and no choice) it gets a
 * `needs_account` target that the calendar shows, and that fails with the reason at its instant.
 * Returns the pg-boss job ids of the removed targets (their jobs find no row and do nothing; cancelling is tidy).
 */
export async function syncPostTargets(
  tx: Db,
  workspaceId: string,
  postId: string,
  plan: TargetPlan,
  now = new Date(),
): Promise<string[]> {
  const { existing, accounts } = await targetsAndAccounts(tx, workspaceId, postId);
  const chosenIds =
    plan.accountIds ?? existing.flatMap((row) => (row.accountId !== null ? [row.accountId] : []));
  const chosen = chosenAccounts(plan, chosenIds, accounts);

  const kept = existing.filter((row) => KEPT_STATUSES.includes(row.status));
  const keptAccounts = new Set(kept.map((row) => row.accountId));
  // Pending targets are updated in place when their account stays chosen (same id, same job to replace).
  const reusable = new Map(
    existing
      .filter((row) => !KEPT_STATUSES.includes(row.status))
      .map((row) => [`${row.platform}:${row.accountId ?? ''}`, row]),
  );

  const inserts: (typeof postTargets.$inferInsert)[] = [];
  const updates: { id: string; state: ReturnType<typeof targetState> }[] = [];
  for (const { platform, account } of wantedTargets(plan, chosen, accounts, keptAccounts)) {
    const state = targetState(plan, platform, account, now);
    const key = `${platform}:${account?.id ?? ''}`;
    const previous = reusable.get(key);
    if (previous) {
      reusable.delete(key);
      updates.push({ id: previous.id, state });
      continue;
    }
    inserts.push({
      ...state,
      id: randomUUID(),
      workspaceId,
      postId,
      platform,
      accountId: account?.id ?? null,
      createdAt: now,
    });
  }
  await updateTargetStates(tx, postId, updates, now);
  const removed = [...reusable.values()];
  if (removed.length > 0) {
    await tx.delete(postTargets).where(
      and(
        notInArray(postTargets.status, KEPT_STATUSES),
        inArray(
          postTargets.id,
          removed.map((row) => row.id),
        ),
      ),
    );
  }
  await insertRows(tx, postTargets, inserts);
  return removed.flatMap((row) => (row.jobId ? [row.jobId] : []));
}

/** The pg-boss job ids of a post's pending targets (to cancel when the post is deleted). */
export async function pendingJobIds(db: Db, postId: string): Promise<string[]> {
  const rows = await db
    .select({ jobId: postTargets.jobId })
    .from(postTargets)
    .where(and(eq(postTargets.postId, postId), isNotNull(postTargets.jobId)));
  return rows.flatMap((row) => (row.jobId ? [row.jobId] : []));
}
