import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_IMPORT_MESSAGES, MEDIA_IMPORT_TIMEOUT_SECONDS } from '@relaycast/shared/media-imports';
import { mediaKindOf } from '@relaycast/shared/platforms';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaImports, workspaces } from '../../db/schema/index';
import { addressPolicy } from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import { createSafeFetch } from '../../lib/safe-fetch';
import { mediaLimitsOf } from '../workspaces/workspaces.service';
import { downloadFromCloud } from './cloud/cloud-fetch';
import { deleteMedia, newMediaId, storageUsedBytes, storeMedia } from './media.service';
import { type DownloadFailure, downloadMedia } from './media-download';
import type { MediaImportPayload } from './media-imports.service';
import { fileNameFromUrl, probeReceivedFile, type ReceivedFileDeps } from './media-probe';

/**
 * The `media-import` job (docs/media-import.md): claims the queued row, downloads the link through the
 * outbound-address policy (media-download.ts: size-capped, time-capped, type sniffed from the bytes), probes it as
 * an upload, and stores it in the library. Once a second it writes its progress to the row, which is also how it
 * notices a Cancel: the write finds the row no longer downloading and the download is aborted. A file stored just as
 * the import was cancelled is taken back out, so a cancelled import leaves nothing.
 */

export interface MediaImportDeps extends ReceivedFileDeps {
  /** Tests may shorten it; the shared limit otherwise. */
  timeoutMs?: number;
  /** How often progress is written (and a Cancel noticed). */
  progressEveryMs?: number;
}

/** A failed download as the import's own message. */
export function importFailure(failure: DownloadFailure): AppError {
  switch (failure.reason) {
    case 'blocked':
      return new AppError('PRIVATE_ADDRESS', { message: failure.message });
    case 'status':
      return failure.status === 404 || failure.status === 410
        ? new AppError('MEDIA_IMPORT_GONE')
        : new AppError('MEDIA_IMPORT_REFUSED', { values: [failure.status] });
    case 'timeout':
      return new AppError('MEDIA_IMPORT_TIMEOUT');
    case 'type':
      return new AppError('MEDIA_IMPORT_WRONG_TYPE');
    default:
      return new AppError('MEDIA_IMPORT_UNREACHABLE');
  }
}

const downloading = (payload: MediaImportPayload) =>
  and(
    eq(mediaImports.id, payload.importId),
    eq(mediaImports.workspaceId, payload.workspaceId),
    eq(mediaImports.status, 'downloading'),
  );

/** Writes the progress every `everyMs`; aborts `controller` when the row is no longer downloading (cancelled). */
function watchProgress(db: Db, payload: MediaImportPayload, controller: AbortController, everyMs: number) {
  const progress = { received: 0, total: null as number | null };
  let writing = false;
  const timer = setInterval(() => {
    if (writing) return;
    writing = true;
    db.update(mediaImports)
      .set({ receivedBytes: progress.received, totalBytes: progress.total, updatedAt: new Date() })
      .where(downloading(payload))
      .returning({ id: mediaImports.id })
      .then((rows) => {
        if (rows.length === 0) controller.abort(new Error('import cancelled'));
      })
      .catch(() => undefined)
      .finally(() => {
        writing = false;
      });
  }, everyMs);
  return {
    onProgress(received: number, total: number | null) {
      progress.received = received;
      progress.total = total;
    },
    stop: () => clearInterval(timer),
  };
}

export async function runMediaImport(deps: MediaImportDeps, payload: MediaImportPayload): Promise<void> {
  const { db, config } = deps;
  const [claimed] = await db
    .update(mediaImports)
    .set({ status: 'downloading', updatedAt: new Date() })
    .where(
      and(
        eq(mediaImports.id, payload.importId),
        eq(mediaImports.workspaceId, payload.workspaceId),
        eq(mediaImports.status, 'queued'),
      ),
    )
    .returning();
  if (!claimed) return;
  const controller = new AbortController();
  const watcher = watchProgress(db, payload, controller, deps.progressEveryMs ?? 1_000);
  const id = newMediaId();
  const tempPath = path.join(deps.tempDir, id);
  const name = claimed.source?.name ?? claimed.fileName ?? fileNameFromUrl(claimed.url);
  try {
    await mkdir(deps.tempDir, { recursive: true });
    const [workspace] = await db
      .select({ plan: workspaces.plan })
      .from(workspaces)
      .where(eq(workspaces.id, payload.workspaceId));
    const limits = mediaLimitsOf({ plan: workspace?.plan ?? null }, config);
    const usedBytes = await storageUsedBytes(db, payload.workspaceId);
    const download = (doFetch: typeof fetch, url: string) =>
      downloadMedia(
        doFetch,
        url,
        tempPath,
        {
          limits,
          usedBytes,
          disk: deps.disk,
          name,
          signal: controller.signal,
          onProgress: watcher.onProgress,
        },
        {
          accepts: (mimeType) => mediaKindOf(mimeType) !== null,
          failed: importFailure,
          accept: 'image/*,video/*;q=0.9,*/*;q=0.5',
          timeoutMs: deps.timeoutMs ?? MEDIA_IMPORT_TIMEOUT_SECONDS * 1000,
        },
      );
    // A cloud file is fetched with the member's connection (cloud/cloud-fetch.ts); a link through the policy.
    const downloaded = claimed.source
      ? await downloadFromCloud(db, config, claimed, download, controller.signal)
      : await download(createSafeFetch(addressPolicy(config.allowPrivateAddresses)), claimed.url);
    watcher.onProgress(downloaded.sizeBytes, downloaded.sizeBytes);
    const file = await probeReceivedFile(
      deps.processor,
      { id, name, path: tempPath, ...downloaded },
      controller.signal,
    );
    const row = await storeMedia(db, deps.storage, {
      workspaceId: payload.workspaceId,
      userId: claimed.createdBy,
      limits,
      file: { ...file, attribution: claimed.attribution },
    });
    const [done] = await db
      .update(mediaImports)
      .set({
        status: 'done',
        mediaId: row.id,
        receivedBytes: downloaded.sizeBytes,
        totalBytes: downloaded.sizeBytes,
        updatedAt: new Date(),
      })
      .where(downloading(payload))
      .returning({ id: mediaImports.id });
    // Cancelled while it was being stored: the file goes again.
    if (!done) await deleteMedia(db, deps.storage, payload.workspaceId, row.id, deps.log);
  } catch (error) {
    if (controller.signal.aborted) return;
    if (!(error instanceof AppError)) deps.log.warn({ err: error }, 'media import failed');
    const message = error instanceof AppError ? error.message : MEDIA_IMPORT_MESSAGES.unreachable;
    await db
      .update(mediaImports)
      .set({ status: 'failed', error: message, updatedAt: new Date() })
      .where(downloading(payload));
  } finally {
    watcher.stop();
    await rm(tempPath, { force: true });
    await rm(`${tempPath}-thumb.jpg`, { force: true });
    await rm(`${tempPath}-thumb.webp`, { force: true });
  }
}
