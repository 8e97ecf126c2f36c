import { randomUUID } from 'node:crypto';
import {
  isActiveImport,
  MAX_ACTIVE_MEDIA_IMPORTS,
  MEDIA_IMPORT_MESSAGES,
  type MediaImport,
  STALE_MEDIA_IMPORT_MINUTES,
} from '@relaycast/shared/media-imports';
import type { MediaAttribution } from '@relaycast/shared/unsplash';
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { mediaImports } from '../../db/schema/index';
import { addressPolicy, checkUrlHost, PrivateAddressError } from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import type { JobSender } from '../../lib/job-queue';

/**
 * Imports from a link (docs/media-import.md): the route checks the address and the number running, records a
 * `media_imports` row and sends the `media-import` job (media-import-run.ts), which downloads, probes and stores the
 * file. The row is the truth the page reads after a reload; Cancel marks it, and the job, watching it, stops.
 */
export const MEDIA_IMPORT_JOB = 'media-import';
export const mediaImportPayloadSchema = z.object({ importId: z.string(), workspaceId: z.string() });
export type MediaImportPayload = z.infer<typeof mediaImportPayloadSchema>;

/** First key of the per-workspace advisory lock around the running-imports count (the second is the workspace). */
const IMPORT_LOCK_NAMESPACE = 1_296_649_281;
const LIST_SIZE = 20;

export type MediaImportRow = typeof mediaImports.$inferSelect;

function staleBefore(now: Date): Date {
  return new Date(now.getTime() - STALE_MEDIA_IMPORT_MINUTES * 60_000);
}

/** The API's view of a row: one whose process went away (no progress for a while) reads as failed. */
export function toMediaImport(row: MediaImportRow, now = new Date()): MediaImport {
  const isStale = isActiveImport(row.status) && row.updatedAt < staleBefore(now);
  return {
    id: row.id,
    url: row.url,
    status: isStale ? 'failed' : row.status,
    receivedBytes: row.receivedBytes,
    totalBytes: row.totalBytes,
    mediaId: row.mediaId,
    error: isStale ? MEDIA_IMPORT_MESSAGES.interrupted : row.error,
    source: row.source ? { provider: row.source.provider, name: row.source.name } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Refuses an address inside the server's network at once (the job's safe fetch checks again when it connects). */
async function checkImportAddress(config: Config, url: string): Promise<void> {
  if (config.allowPrivateAddresses) return;
  try {
    await checkUrlHost(new URL(url), addressPolicy(false));
  } catch (error) {
    if (error instanceof PrivateAddressError) {
      throw new AppError('PRIVATE_ADDRESS', { message: error.message });
    }
    // A name that does not resolve (yet): the download reports what it finds.
  }
}

export async function startMediaImport(
  db: Db,
  config: Config,
  queue: Pick<JobSender, 'send'>,
  owner: { workspaceId: string; userId: string },
  url: string,
  /** What a source knows of the file (a stock photo: docs/media-import.md, "Unsplash"). */
  about: { fileName?: string; attribution?: MediaAttribution } = {},
): Promise<MediaImport> {
  await checkImportAddress(config, url);
  const [started] = await queueMediaImports(db, queue, owner, [{ url, ...about }]);
  if (!started) throw new Error('no import queued');
  return started;
}

/** What one import fetches: a link, or a cloud file with the member's connection (cloud/, decision 0105). */
export interface MediaImportInput {
  url: string;
  /** What a source knows of the file (a stock photo: docs/media-import.md, "Unsplash"). */
  fileName?: string;
  attribution?: MediaAttribution;
  source?: NonNullable<MediaImportRow['source']>;
  cloudConnectionId?: string;
}

/**
 * Records the imports (refused whole when they would take the workspace over the running limit) and sends a
 * `media-import` job for each.
 */
export async function queueMediaImports(
  db: Db,
  queue: Pick<JobSender, 'send'>,
  owner: { workspaceId: string; userId: string },
  inputs: MediaImportInput[],
): Promise<MediaImport[]> {
  const now = new Date();
  const rows = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${sql.raw(String(IMPORT_LOCK_NAMESPACE))}, hashtext(${owner.workspaceId}))`,
    );
    const [active] = await tx
      .select({ n: count() })
      .from(mediaImports)
      .where(
        and(
          eq(mediaImports.workspaceId, owner.workspaceId),
          inArray(mediaImports.status, ['queued', 'downloading']),
          gt(mediaImports.updatedAt, staleBefore(now)),
        ),
      );
    if ((active?.n ?? 0) + inputs.length > MAX_ACTIVE_MEDIA_IMPORTS)
      throw new AppError('MEDIA_IMPORT_TOO_MANY');
    return tx
      .insert(mediaImports)
      .values(
        inputs.map((input, index) => ({
          id: randomUUID(),
          workspaceId: owner.workspaceId,
          createdBy: owner.userId,
          url: input.url,
          fileName: input.fileName ?? null,
          attribution: input.attribution ?? null,
          source: input.source ?? null,
          cloudConnectionId: input.cloudConnectionId ?? null,
          status: 'queued' as const,
          // Listed in the order chosen (newest first).
          createdAt: new Date(now.getTime() + index),
          updatedAt: now,
        })),
      )
      .returning();
  });
  for (const row of rows)
    await queue.send(MEDIA_IMPORT_JOB, { importId: row.id, workspaceId: owner.workspaceId });
  return rows.map((row) => toMediaImport(row, now));
}

/** The workspace's latest imports, newest first. */
export async function listMediaImports(db: Db, workspaceId: string): Promise<MediaImport[]> {
  const rows = await db
    .select()
    .from(mediaImports)
    .where(eq(mediaImports.workspaceId, workspaceId))
    .orderBy(desc(mediaImports.createdAt), desc(mediaImports.id))
    .limit(LIST_SIZE);
  const now = new Date();
  return rows.map((row) => toMediaImport(row, now));
}

/** One of the workspace's imports; another workspace's is "not found" like a missing one. */
export async function findMediaImport(db: Db, workspaceId: string, id: string): Promise<MediaImportRow> {
  const [row] = await db
    .select()
    .from(mediaImports)
    .where(and(eq(mediaImports.workspaceId, workspaceId), eq(mediaImports.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: MEDIA_IMPORT_MESSAGES.notFound });
  return row;
}

/** Marks a queued or downloading import cancelled (the job sees it within a second and stops); 409 once finished. */
export async function cancelMediaImport(db: Db, workspaceId: string, id: string): Promise<MediaImport> {
  const [cancelled] = await db
    .update(mediaImports)
    .set({ status: 'cancelled', error: MEDIA_IMPORT_MESSAGES.cancelled, updatedAt: new Date() })
    .where(
      and(
        eq(mediaImports.workspaceId, workspaceId),
        eq(mediaImports.id, id),
        inArray(mediaImports.status, ['queued', 'downloading']),
      ),
    )
    .returning();
  if (cancelled) return toMediaImport(cancelled);
  await findMediaImport(db, workspaceId, id);
  throw new AppError('MEDIA_IMPORT_FINISHED');
}
