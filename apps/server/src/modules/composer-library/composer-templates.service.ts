import { randomUUID } from 'node:crypto';
import {
  COMPOSER_LIBRARY_LIMITS,
  COMPOSER_LIBRARY_MESSAGES,
  TEMPLATE_EXCERPT_LENGTH,
  type Template,
  type TemplateList,
  type TemplateState,
  type TemplateSummary,
  type templateInputSchema,
} from '@relaycast/shared/composer-library';
import type { PlatformId } from '@relaycast/shared/platforms';
import { POST_MESSAGES } from '@relaycast/shared/posts';
import { mediaFileUrl, mediaThumbnailUrl } from '@relaycast/shared/posts-page';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { composerTemplates, mediaFiles, socialAccounts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { lockAndCheckRoom } from './composer-library.service';

/**
 * Templates of the composer library (docs/composer-library.md): the composer's state under a name. Its files
 * and accounts are ids, not foreign keys: a file or account removed since is left out when a post starts from
 * the template, and the answer says how many files were.
 */

type TemplateInput = z.output<typeof templateInputSchema>;
type TemplateRow = typeof composerTemplates.$inferSelect;
const M = COMPOSER_LIBRARY_MESSAGES;

function toSummary(row: TemplateRow): TemplateSummary {
  return {
    id: row.id,
    name: row.name,
    excerpt: row.state.content.slice(0, TEMPLATE_EXCERPT_LENGTH),
    platforms: row.state.platforms as PlatformId[],
    mediaCount: row.state.mediaIds.length,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTemplates(db: Db, workspaceId: string): Promise<TemplateList> {
  const rows = await db
    .select()
    .from(composerTemplates)
    .where(eq(composerTemplates.workspaceId, workspaceId))
    .orderBy(desc(composerTemplates.updatedAt), desc(composerTemplates.id));
  return { templates: rows.map(toSummary) };
}

/** A template may only name files of its own workspace's library (never another's). */
async function assertOwnMedia(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  workspaceId: string,
  ids: string[],
) {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: mediaFiles.id })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.workspaceId, workspaceId), inArray(mediaFiles.id, ids)));
  if (found.length !== new Set(ids).size)
    throw new AppError('VALIDATION_ERROR', { message: POST_MESSAGES.mediaNotFound });
}

/** Keeps only the overrides and accounts of the template's platforms. */
function trimmedState(state: TemplateState): TemplateState {
  const chosen = new Set<string>(state.platforms);
  const pick = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([platform]) => chosen.has(platform)));
  return { ...state, overrides: pick(state.overrides), accounts: pick(state.accounts) };
}

export async function createTemplate(
  db: Db,
  workspaceId: string,
  input: TemplateInput,
): Promise<TemplateSummary> {
  return db.transaction(async (tx) => {
    await lockAndCheckRoom(
      tx,
      workspaceId,
      composerTemplates,
      composerTemplates.workspaceId,
      COMPOSER_LIBRARY_LIMITS.maxTemplates,
      M.tooManyTemplates,
    );
    await assertOwnMedia(tx, workspaceId, input.state.mediaIds);
    const [row] = await tx
      .insert(composerTemplates)
      .values({ id: randomUUID(), workspaceId, name: input.name, state: trimmedState(input.state) })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toSummary(row);
  });
}

export async function updateTemplate(
  db: Db,
  workspaceId: string,
  id: string,
  input: TemplateInput,
): Promise<TemplateSummary> {
  await findTemplateRow(db, workspaceId, id);
  await assertOwnMedia(db, workspaceId, input.state.mediaIds);
  const [row] = await db
    .update(composerTemplates)
    .set({ name: input.name, state: trimmedState(input.state), updatedAt: new Date() })
    .where(and(eq(composerTemplates.workspaceId, workspaceId), eq(composerTemplates.id, id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', { message: M.templateNotFound });
  return toSummary(row);
}

export async function deleteTemplate(db: Db, workspaceId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(composerTemplates)
    .where(and(eq(composerTemplates.workspaceId, workspaceId), eq(composerTemplates.id, id)))
    .returning({ id: composerTemplates.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: M.templateNotFound });
}

async function findTemplateRow(db: Db, workspaceId: string, id: string): Promise<TemplateRow> {
  const [row] = await db
    .select()
    .from(composerTemplates)
    .where(and(eq(composerTemplates.workspaceId, workspaceId), eq(composerTemplates.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: M.templateNotFound });
  return row;
}

/** The template ready to start a post: files and accounts removed since are left out (files counted). */
export async function getTemplate(db: Db, workspaceId: string, id: string): Promise<Template> {
  const row = await findTemplateRow(db, workspaceId, id);
  const { state } = row;
  const files =
    state.mediaIds.length === 0
      ? []
      : await db
          .select()
          .from(mediaFiles)
          .where(and(eq(mediaFiles.workspaceId, workspaceId), inArray(mediaFiles.id, state.mediaIds)));
  const byId = new Map(files.map((file) => [file.id, file]));
  const media = state.mediaIds.flatMap((mediaId) => {
    const file = byId.get(mediaId);
    if (!file) return [];
    return [
      {
        id: file.id,
        name: file.name,
        mimeType: file.mimeType,
        sizeBytes: Number(file.sizeBytes),
        url: mediaFileUrl(file.id),
        thumbnailUrl: file.thumbnailKey ? mediaThumbnailUrl(file.id) : null,
        durationSeconds: file.durationSeconds,
        width: file.width,
        height: file.height,
      },
    ];
  });
  const accountIds = Object.values(state.accounts).flat();
  const liveAccounts =
    accountIds.length === 0
      ? []
      : await db
          .select({ id: socialAccounts.id })
          .from(socialAccounts)
          .where(and(eq(socialAccounts.workspaceId, workspaceId), inArray(socialAccounts.id, accountIds)));
  const live = new Set(liveAccounts.map((account) => account.id));
  const accounts = Object.fromEntries(
    Object.entries(state.accounts).map(([platform, ids]) => [
      platform,
      ids.filter((accountId) => live.has(accountId)),
    ]),
  );
  return {
    id: row.id,
    name: row.name,
    content: state.content,
    platforms: state.platforms as PlatformId[],
    overrides: state.overrides,
    accounts,
    media,
    droppedMediaCount: state.mediaIds.length - media.length,
    ...(state.shortLinks ? { shortLinks: state.shortLinks } : {}),
    updatedAt: row.updatedAt.toISOString(),
  };
}
