import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LABEL_COLOR,
  LABEL_LIMITS,
  LABEL_MESSAGES,
  type Label,
  type LabelList,
  type labelInputSchema,
  labelKey,
  type labelUpdateSchema,
} from '@relaycast/shared/labels';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { labels, postLabels, workspaces } from '../../db/schema/index';
import { AppError, ValidationError } from '../../lib/app-error';

/**
 * A workspace's post labels (docs/labels.md): list, create, rename, recolour, delete, and the posts' label sets
 * the posts module and the bulk import write. Every read and write is scoped to the workspace: another
 * workspace's label is "not found", never attached.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type LabelInput = z.output<typeof labelInputSchema>;
type LabelUpdate = z.output<typeof labelUpdateSchema>;

const labelColumns = { id: labels.id, name: labels.name, color: labels.color };

const notFound = () => new AppError('NOT_FOUND', { message: LABEL_MESSAGES.notFound });
const nameTaken = (name: string) => new AppError('CONFLICT', { message: LABEL_MESSAGES.nameTaken(name) });

/** Two saves at once cannot both pass the count or the name check: they take the workspace's row lock. */
async function lockWorkspace(tx: Tx, workspaceId: string): Promise<void> {
  await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('no key update');
}

async function assertNameFree(tx: Tx, workspaceId: string, name: string, exceptId?: string): Promise<void> {
  const conditions = [eq(labels.workspaceId, workspaceId), eq(sql`lower(${labels.name})`, labelKey(name))];
  if (exceptId) conditions.push(ne(labels.id, exceptId));
  const [taken] = await tx
    .select({ name: labels.name })
    .from(labels)
    .where(and(...conditions))
    .limit(1);
  if (taken) throw nameTaken(taken.name);
}

export async function listLabels(db: Db | Tx, workspaceId: string): Promise<LabelList> {
  const rows = await db
    .select(labelColumns)
    .from(labels)
    .where(eq(labels.workspaceId, workspaceId))
    .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
  return { labels: rows };
}

export async function createLabel(
  db: Db,
  workspaceId: string,
  input: LabelInput,
  now = new Date(),
): Promise<Label> {
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const [total] = await tx.select({ n: count() }).from(labels).where(eq(labels.workspaceId, workspaceId));
    if ((total?.n ?? 0) >= LABEL_LIMITS.maxLabels) {
      throw new AppError('VALIDATION_ERROR', { message: LABEL_MESSAGES.tooMany });
    }
    await assertNameFree(tx, workspaceId, input.name);
    const label = { id: randomUUID(), name: input.name, color: input.color };
    await tx.insert(labels).values({ ...label, workspaceId, createdAt: now, updatedAt: now });
    return label;
  });
}

/** Renames and/or recolours a label; its posts keep it. */
export async function updateLabel(
  db: Db,
  workspaceId: string,
  labelId: string,
  input: LabelUpdate,
  now = new Date(),
): Promise<Label> {
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    if (input.name !== undefined) await assertNameFree(tx, workspaceId, input.name, labelId);
    const [row] = await tx
      .update(labels)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
        updatedAt: now,
      })
      .where(and(eq(labels.id, labelId), eq(labels.workspaceId, workspaceId)))
      .returning(labelColumns);
    if (!row) throw notFound();
    return row;
  });
}

/** Deletes a label: it leaves every post that carried it (post_labels cascades), the posts stay. */
export async function deleteLabel(db: Db, workspaceId: string, labelId: string): Promise<void> {
  const deleted = await db
    .delete(labels)
    .where(and(eq(labels.id, labelId), eq(labels.workspaceId, workspaceId)))
    .returning({ id: labels.id });
  if (deleted.length === 0) throw notFound();
}

/**
 * The label sets of new posts, written with one read of the named labels and one insert (the posts' batch
 * create). A label the workspace does not hold refuses the whole write.
 */
export async function insertPostLabels(
  tx: Tx,
  workspaceId: string,
  sets: readonly { postId: string; labelIds: readonly string[] }[],
): Promise<void> {
  const ids = [...new Set(sets.flatMap((set) => set.labelIds))];
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.workspaceId, workspaceId), inArray(labels.id, ids)))
    // Inside the caller's transaction a label cannot be deleted before it is attached.
    .for('key share');
  if (found.length !== ids.length) {
    throw new ValidationError([{ path: 'labelIds', message: LABEL_MESSAGES.unknownOnPost }]);
  }
  const rows = sets.flatMap(({ postId, labelIds }) => labelIds.map((labelId) => ({ postId, labelId })));
  await tx.insert(postLabels).values(rows);
}

/** Replaces a post's labels (the composer's edit): the post is the caller's, already locked. */
export async function replacePostLabels(
  tx: Tx,
  workspaceId: string,
  postId: string,
  labelIds: readonly string[],
): Promise<void> {
  await tx.delete(postLabels).where(eq(postLabels.postId, postId));
  await insertPostLabels(tx, workspaceId, [{ postId, labelIds }]);
}

/** A post's label ids (a duplicate copies them). */
export async function labelIdsOfPost(tx: Tx, postId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: postLabels.labelId })
    .from(postLabels)
    .where(eq(postLabels.postId, postId));
  return rows.map((row) => row.id);
}

/**
 * The ids of labels named in a bulk import, matched case-insensitively; the unknown ones are created (in the
 * import's transaction, with the default colour). Refuses when the workspace would hold more than maxLabels.
 */
export async function labelIdsByName(
  tx: Tx,
  workspaceId: string,
  names: readonly string[],
  now: Date,
): Promise<Map<string, string>> {
  const byKey = new Map<string, string>();
  if (names.length === 0) return byKey;
  await lockWorkspace(tx, workspaceId);
  const existing = await tx.select(labelColumns).from(labels).where(eq(labels.workspaceId, workspaceId));
  for (const label of existing) byKey.set(labelKey(label.name), label.id);
  const missing = new Map<string, string>();
  // The first spelling in the file names a new label ("Summer" then "summer": one label, "Summer").
  for (const name of names) {
    if (!byKey.has(labelKey(name)) && !missing.has(labelKey(name))) missing.set(labelKey(name), name);
  }
  if (missing.size === 0) return byKey;
  if (existing.length + missing.size > LABEL_LIMITS.maxLabels) {
    throw new ValidationError([{ path: 'labels', message: LABEL_MESSAGES.tooMany }]);
  }
  const rows = [...missing].map(([key, name]) => {
    const id = randomUUID();
    byKey.set(key, id);
    return { id, workspaceId, name, color: DEFAULT_LABEL_COLOR, createdAt: now, updatedAt: now };
  });
  await tx.insert(labels).values(rows);
  return byKey;
}
