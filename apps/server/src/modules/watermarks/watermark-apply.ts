import { randomUUID } from 'node:crypto';
import {
  WATERMARK_APPLY_LIMITS,
  WATERMARK_MESSAGES,
  type WatermarkAppliedFile,
  type WatermarkApplyInput,
  type WatermarkApplyStatus,
} from '@relaycast/shared/watermarks';
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { mediaFiles, watermarkApplies, watermarkRenders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { JobSender } from '../../lib/job-queue';
import type { MediaFileRow } from '../media/media.service';
import { paramsHashOf, type RenderDeps, watermarkedCopy } from './watermark-render';
import { findWatermark, type WatermarkRow } from './watermarks.service';

/**
 * "Apply now" (docs/watermarks.md): the composer asks for a watermark to be burned into a post's files ahead of
 * publishing. Each file gets a `watermark_applies` row (one per original and placement) and the `watermark-apply`
 * job renders it through `watermarkedCopy`, so the copy it makes is the very cached copy a publish then sends.
 * The request never waits for ffmpeg; the composer polls the state of each file.
 */
export const WATERMARK_APPLY_JOB = 'watermark-apply';
export const watermarkApplyPayloadSchema = z.object({ applyId: z.string(), workspaceId: z.string() });
export type WatermarkApplyPayload = z.infer<typeof watermarkApplyPayloadSchema>;

type ApplyRow = typeof watermarkApplies.$inferSelect;

function staleBefore(now: Date): Date {
  return new Date(now.getTime() - WATERMARK_APPLY_LIMITS.staleMinutes * 60_000);
}

/** The workspace's files among `ids`, in the order asked; one that is not its own (or missing) is 404. */
async function filesOf(db: Db, workspaceId: string, ids: readonly string[]): Promise<MediaFileRow[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.workspaceId, workspaceId), inArray(mediaFiles.id, unique)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.map((id) => {
    const row = byId.get(id);
    if (!row) throw new AppError('NOT_FOUND', { message: WATERMARK_MESSAGES.mediaNotFound });
    return row;
  });
}

function fileState(
  file: MediaFileRow,
  mark: WatermarkRow,
  hash: string,
  renders: { originalId: string; hash: string; watermarkId: string | null; copy: MediaFileRow }[],
  applies: ApplyRow[],
  now: Date,
): WatermarkAppliedFile {
  const base = { mediaId: file.id, progress: null, copy: null, error: null };
  const done = renders.find((r) => r.originalId === file.id && r.hash === hash);
  if (done) {
    const { id, name, mimeType } = done.copy;
    return {
      ...base,
      state: 'done',
      progress: 1,
      copy: { id, name, mimeType, url: `/api/media/${id}/file` },
    };
  }
  const apply = applies.find((row) => row.originalMediaId === file.id);
  if (apply && (apply.status === 'queued' || apply.status === 'rendering')) {
    if (apply.updatedAt < staleBefore(now))
      return { ...base, state: 'failed', error: WATERMARK_MESSAGES.applyInterrupted };
    return { ...base, state: apply.status, progress: apply.progress };
  }
  if (apply?.status === 'failed') return { ...base, state: 'failed', error: apply.error };
  // A copy of the same watermark with other numbers: the watermark was edited after it was applied.
  const earlier = renders.some((r) => r.originalId === file.id && r.watermarkId === mark.id);
  return { ...base, state: earlier ? 'stale' : 'none' };
}

async function statusOf(
  db: Db,
  files: readonly MediaFileRow[],
  mark: WatermarkRow,
): Promise<WatermarkApplyStatus> {
  const ids = files.map((file) => file.id);
  const hash = paramsHashOf(mark);
  const renders = await db
    .select({
      originalId: watermarkRenders.originalMediaId,
      hash: watermarkRenders.paramsHash,
      watermarkId: watermarkRenders.watermarkId,
      copy: mediaFiles,
    })
    .from(watermarkRenders)
    .innerJoin(mediaFiles, eq(mediaFiles.id, watermarkRenders.renderedMediaId))
    .where(inArray(watermarkRenders.originalMediaId, ids));
  const applies = await db
    .select()
    .from(watermarkApplies)
    .where(and(inArray(watermarkApplies.originalMediaId, ids), eq(watermarkApplies.paramsHash, hash)));
  const now = new Date();
  return {
    watermarkId: mark.id,
    files: files.map((file) => fileState(file, mark, hash, renders, applies, now)),
  };
}

/** `GET /api/watermarks/apply`: where each file's copy with this watermark stands. */
export async function readWatermarkApply(
  db: Db,
  workspaceId: string,
  watermarkId: string,
  mediaIds: readonly string[],
): Promise<WatermarkApplyStatus> {
  const mark = await findWatermark(db, workspaceId, watermarkId);
  return statusOf(db, await filesOf(db, workspaceId, mediaIds), mark);
}

/**
 * `POST /api/watermarks/apply`: queues a render for each file without a current copy (none yet, failed, or of
 * the watermark's earlier settings). A file already rendered or being rendered is left as it is, so applying
 * twice renders once.
 */
export async function startWatermarkApply(
  db: Db,
  queue: Pick<JobSender, 'send'>,
  workspaceId: string,
  input: WatermarkApplyInput,
): Promise<WatermarkApplyStatus> {
  const mark = await findWatermark(db, workspaceId, input.watermarkId);
  const files = await filesOf(db, workspaceId, input.mediaIds);
  const before = await statusOf(db, files, mark);
  const hash = paramsHashOf(mark);
  const now = new Date();
  for (const file of before.files) {
    if (file.state !== 'none' && file.state !== 'failed' && file.state !== 'stale') continue;
    const [row] = await db
      .insert(watermarkApplies)
      .values({
        id: randomUUID(),
        workspaceId,
        originalMediaId: file.mediaId,
        watermarkId: mark.id,
        paramsHash: hash,
        status: 'queued',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [watermarkApplies.originalMediaId, watermarkApplies.paramsHash],
        set: { status: 'queued', progress: 0, error: null, watermarkId: mark.id, updatedAt: now },
        // Another request may have queued it a moment ago: only a finished or interrupted one starts again.
        setWhere: or(
          inArray(watermarkApplies.status, ['failed', 'done']),
          lt(watermarkApplies.updatedAt, staleBefore(now)),
        ),
      })
      .returning({ id: watermarkApplies.id });
    if (row) await queue.send(WATERMARK_APPLY_JOB, { applyId: row.id, workspaceId });
  }
  return statusOf(db, files, mark);
}

async function finish(db: Db, id: string, values: Partial<ApplyRow>): Promise<void> {
  await db
    .update(watermarkApplies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(watermarkApplies.id, id));
}

/**
 * The `watermark-apply` job: claims the row, renders the copy (the cache may already hold it), writing a video's
 * progress about once a second (and a heartbeat, so a long encode never reads as interrupted).
 */
export async function runWatermarkApply(
  deps: RenderDeps & { log?: { warn(obj: object, msg: string): void } },
  payload: WatermarkApplyPayload,
): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .update(watermarkApplies)
    .set({ status: 'rendering', progress: 0, updatedAt: new Date() })
    .where(
      and(
        eq(watermarkApplies.id, payload.applyId),
        eq(watermarkApplies.workspaceId, payload.workspaceId),
        eq(watermarkApplies.status, 'queued'),
      ),
    )
    .returning();
  if (!row) return;
  const [original] = await filesOf(db, row.workspaceId, [row.originalMediaId]).catch(() => []);
  const mark = await findWatermark(db, row.workspaceId, row.watermarkId).catch(() => null);
  if (!original || !mark) return; // deleted meanwhile: the row went with it
  if (paramsHashOf(mark) !== row.paramsHash) {
    await finish(db, row.id, { status: 'failed', error: WATERMARK_MESSAGES.applyChanged });
    return;
  }
  let latest = 0;
  let written = { progress: 0, at: Date.now() };
  const heartbeat = setInterval(() => {
    if (latest === written.progress && Date.now() - written.at < 60_000) return;
    written = { progress: latest, at: Date.now() };
    void db
      .update(watermarkApplies)
      .set({ progress: latest, updatedAt: new Date() })
      .where(and(eq(watermarkApplies.id, row.id), eq(watermarkApplies.status, 'rendering')))
      .catch(() => undefined);
  }, 1000);
  try {
    await watermarkedCopy(deps, original, mark, (fraction) => {
      latest = fraction;
    });
    clearInterval(heartbeat);
    await finish(db, row.id, { status: 'done', progress: 1, error: null });
  } catch (error) {
    clearInterval(heartbeat);
    deps.log?.warn({ err: String(error), applyId: row.id }, 'watermark apply failed');
    await finish(db, row.id, { status: 'failed', error: WATERMARK_MESSAGES.renderFailed });
  }
}
