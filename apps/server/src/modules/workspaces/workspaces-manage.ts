import type { BillingMode } from '@relaycast/shared/plans';
import { FREE_TRIAL_DAYS, type PlanId } from '@relaycast/shared/plans';
import {
  type CreatedWorkspace,
  MAX_OWNED_WORKSPACES,
  WORKSPACE_LOGO_MAX_BYTES,
  WORKSPACE_MESSAGES,
  type WorkspaceList,
} from '@relaycast/shared/workspaces';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mediaFiles, sessions, workspaceMembers, workspaces } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import type { MediaStorage } from '../../lib/media/storage';
import { planStatus } from './plan-status';
import { insertOwnedWorkspace } from './workspaces.service';

/**
 * Creating, listing, switching, renaming and deleting workspaces (docs/decisions/0044-workspaces.md).
 * Better Auth's own /organization/* mutations stay closed: these are the only ways in, each scoped to the
 * caller's memberships, so another workspace's id is simply not found (404).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function notFound(): AppError {
  return new AppError('NOT_FOUND', { message: WORKSPACE_MESSAGES.notFound });
}

/**
 * The caller's workspaces, the current one first, then in the order they joined; their demo workspace is among
 * them, flagged, so the switcher names it and can leave it.
 */
export async function listWorkspaces(
  db: Db,
  caller: Pick<Caller, 'userId' | 'workspaceId'>,
  billingMode: BillingMode,
): Promise<WorkspaceList> {
  const rows = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      plan: workspaces.plan,
      trialEndsAt: workspaces.trialEndsAt,
      role: workspaceMembers.role,
      isDemo: workspaces.isDemo,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.organizationId))
    .where(eq(workspaceMembers.userId, caller.userId))
    .orderBy(desc(sql`${workspaces.id} = ${caller.workspaceId}`), asc(workspaceMembers.createdAt));
  const now = new Date();
  return {
    workspaces: rows.map((row) => {
      const status = planStatus(row, billingMode, now);
      return {
        id: row.id,
        name: row.name,
        role: row.role,
        isCurrent: row.id === caller.workspaceId,
        isDemo: row.isDemo,
        effectivePlan: status.plan.id,
        onTrial: status.onTrial,
        publishingBlocked: status.publishingBlocked,
      };
    }),
  };
}

/** The (non-demo) workspaces the user owns, oldest first. */
async function ownedWorkspaces(db: Pick<Db, 'select'>, userId: string) {
  return db
    .select({ id: workspaces.id, plan: workspaces.plan, trialEndsAt: workspaces.trialEndsAt })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.organizationId))
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        eq(workspaceMembers.role, 'owner'),
        eq(workspaces.isDemo, false),
      ),
    )
    .orderBy(asc(workspaceMembers.createdAt));
}

/**
 * A new workspace the caller owns. Plan and trial follow the paying owner, not the workspace: it takes the plan
 * and the trial end of the oldest workspace they own (a second workspace never restarts the trial), and a
 * fresh trial only when they own none. At most MAX_OWNED_WORKSPACES each.
 */
export async function createWorkspace(
  db: Db,
  userId: string,
  name: string,
  now = new Date(),
): Promise<CreatedWorkspace> {
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`owned_workspaces:${userId}`}))`);
    const owned = await ownedWorkspaces(tx, userId);
    if (owned.length >= MAX_OWNED_WORKSPACES) {
      throw new AppError('CONFLICT', { message: WORKSPACE_MESSAGES.tooMany });
    }
    const first = owned[0];
    const plan: PlanId | null = first ? first.plan : null;
    const trialEndsAt = first ? first.trialEndsAt : new Date(now.getTime() + FREE_TRIAL_DAYS * DAY_MS);
    return insertOwnedWorkspace(tx, { ownerId: userId, name, plan, trialEndsAt, now });
  });
  return { id, name, role: 'owner' };
}

/** Points this session (only) at a workspace the user is a member of; anything else is not found. */
export async function switchWorkspace(
  db: Db,
  userId: string,
  workspaceId: string,
  setActive: (workspaceId: string) => Promise<void>,
): Promise<void> {
  const [membership] = await db
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.organizationId))
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        eq(workspaceMembers.organizationId, workspaceId),
        eq(workspaces.isDemo, false),
      ),
    )
    .limit(1);
  if (!membership) throw notFound();
  await setActive(workspaceId);
}

/** The first bytes of each accepted logo type: the data: URL's type must be what the bytes are. */
const LOGO_SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  png: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  webp: (bytes) => bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP',
};

/** The workspace's logo (for Settings → Workspace and the reports' header). */
export async function workspaceLogo(db: Db, caller: Pick<Caller, 'workspaceId'>) {
  const [row] = await db
    .select({ logo: workspaces.logo })
    .from(workspaces)
    .where(eq(workspaces.id, caller.workspaceId))
    .limit(1);
  return { logo: row?.logo ?? null };
}

/** Sets or removes the logo (owners and admins: the route declares `manageWorkspace`). */
export async function setWorkspaceLogo(db: Db, caller: Pick<Caller, 'workspaceId'>, logo: string | null) {
  if (logo !== null) {
    const [, type = '', data = ''] = /^data:image\/(\w+);base64,(.*)$/.exec(logo) ?? [];
    const bytes = Buffer.from(data, 'base64');
    if (bytes.length > WORKSPACE_LOGO_MAX_BYTES) {
      throw new AppError('VALIDATION_ERROR', { message: WORKSPACE_MESSAGES.logoTooLarge });
    }
    if (!LOGO_SIGNATURES[type]?.(bytes)) {
      throw new AppError('VALIDATION_ERROR', { message: WORKSPACE_MESSAGES.logoInvalid });
    }
  }
  await db.update(workspaces).set({ logo }).where(eq(workspaces.id, caller.workspaceId));
  return { logo };
}

/** Owners and admins (the route declares `manageWorkspace`). */
export async function renameWorkspace(db: Db, caller: Pick<Caller, 'workspaceId'>, name: string) {
  await db.update(workspaces).set({ name }).where(eq(workspaces.id, caller.workspaceId));
  return { id: caller.workspaceId, name };
}

/**
 * Deletes the current workspace and everything in it. Only its owner (the route declares `billing`), only with
 * its exact name typed, and never the last workspace they own (everyone keeps one to work in). Every
 * workspace-scoped table references `workspaces` with ON DELETE CASCADE (and the rest hang off those rows), so
 * one delete in one transaction removes posts, targets, media rows, accounts and their tokens, stream destinations
 * and keys, API keys, webhooks, invitations and members; sessions working in it fall back to the user's oldest
 * workspace. The media files go from storage after the commit (a failure there is logged, the rows are already
 * gone).
 */
export async function deleteWorkspace(
  deps: { db: Db; storage: MediaStorage; log: FastifyBaseLogger },
  caller: Pick<Caller, 'userId' | 'workspaceId' | 'workspaceName'>,
  confirmName: string,
): Promise<void> {
  const { db, storage, log } = deps;
  const workspaceId = caller.workspaceId;
  if (confirmName !== caller.workspaceName) {
    throw new AppError('VALIDATION_ERROR', { message: WORKSPACE_MESSAGES.confirmNameWrong });
  }
  const keys = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`owned_workspaces:${caller.userId}`}))`);
    const owned = await ownedWorkspaces(tx, caller.userId);
    if (!owned.some((row) => row.id !== workspaceId)) {
      throw new AppError('CONFLICT', { message: WORKSPACE_MESSAGES.lastOwned });
    }
    // Deleting must not leave Stripe charging for a workspace that is gone (decision 0046).
    const [billing] = await tx
      .select({ subscription: workspaces.stripeSubscriptionId, status: workspaces.billingStatus })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    if (billing?.subscription && billing.status !== 'canceled' && billing.status !== 'incomplete_expired') {
      throw new AppError('CONFLICT', { message: WORKSPACE_MESSAGES.subscriptionActive });
    }
    const files = await tx
      .select({ storageKey: mediaFiles.storageKey, thumbnailKey: mediaFiles.thumbnailKey })
      .from(mediaFiles)
      .where(eq(mediaFiles.workspaceId, workspaceId));
    await tx
      .update(sessions)
      .set({ activeOrganizationId: null })
      .where(eq(sessions.activeOrganizationId, workspaceId));
    await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
    return files.flatMap((file) =>
      file.thumbnailKey ? [file.storageKey, file.thumbnailKey] : [file.storageKey],
    );
  });
  for (const key of keys) {
    await storage.delete(key).catch((err: unknown) => {
      log.warn({ err: String(err), key }, 'could not delete a media object of a deleted workspace');
    });
  }
}
