import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { remoteMediaId } from '@relaycast/shared/bulk-import-rows';
import type { MediaLimits } from '@relaycast/shared/plans';
import { type MediaFacts, mediaKindOf } from '@relaycast/shared/platforms';
import { AppError } from '../../lib/app-error';
import type { DiskGuard } from '../../lib/media/disk-space';
import type { MediaProcessor } from '../../lib/media/ffmpeg';
import type { MediaStorage } from '../../lib/media/storage';
import type { Tx } from '../posts/posts-create';
import {
  newMediaId,
  type ReceivedFile,
  storageKeysOf,
  storageUsedBytes,
  storeMediaInTransaction,
} from './media.service';
import { downloadMedia } from './media-download';
import { fileNameFromUrl, probeReceivedFile } from './media-probe';

/**
 * Media by public URL, for a bulk import's rows (docs/bulk-import.md) and a feed item's image (docs/feeds.md):
 * each distinct URL is fetched through the outbound-address policy's fetch (private, loopback and link-local
 * addresses refused, redirects checked hop by hop), within the plan's file-size limit and the storage left, probed
 * as an upload is, and either checked (an import's preview: the temporary files are removed) or stored in the
 * media library inside the caller's transaction.
 */

/** How long one URL may take (connect, headers and body): an import of a thousand rows must not hang the request. */
const FETCH_TIMEOUT_MS = 30_000;
/** URLs fetched at once. */
const CONCURRENCY = 4;

export interface RemoteMediaDeps {
  doFetch: typeof fetch;
  processor: MediaProcessor;
  storage: MediaStorage;
  disk: DiskGuard;
  tempDir: string;
}

export type RemoteResult = { file: MediaFacts & { id: string } } | { problem: string };

export interface FetchedMedia {
  /** What the row checks see for each URL. */
  remote: Map<string, RemoteResult>;
  /** The downloaded files, by URL, ready to store. */
  files: Map<string, ReceivedFile>;
  /** Removes the temporary files (always call it). */
  cleanup(): Promise<void>;
}

const fetchFailed = () => new AppError('MEDIA_FETCH_FAILED');

/** Downloads and probes one URL; an AppError's message is the row's reason. */
async function fetchOne(
  deps: RemoteMediaDeps,
  url: string,
  budget: { limits: MediaLimits; usedBytes: number },
): Promise<ReceivedFile> {
  const id = newMediaId();
  const tempPath = path.join(deps.tempDir, id);
  const name = fileNameFromUrl(url);
  const downloaded = await downloadMedia(
    deps.doFetch,
    url,
    tempPath,
    { ...budget, disk: deps.disk, name },
    {
      accepts: (mimeType) => mediaKindOf(mimeType) !== null,
      failed: fetchFailed,
      accept: 'image/*,video/*;q=0.9,*/*;q=0.5',
      timeoutMs: FETCH_TIMEOUT_MS,
    },
  );
  return probeReceivedFile(deps.processor, { id, name, path: tempPath, ...downloaded });
}

/**
 * Fetches every URL (CONCURRENCY at a time); each one's size counts against the storage left for the next, so
 * the files of one import never pass the plan's storage together. A failure is that URL's problem, never the
 * request's.
 */
export async function fetchRemoteMedia(
  deps: RemoteMediaDeps,
  db: Parameters<typeof storageUsedBytes>[0],
  workspaceId: string,
  limits: MediaLimits,
  urls: readonly string[],
  onFetched: (done: number, of: number) => void = () => {},
): Promise<FetchedMedia> {
  const remote = new Map<string, RemoteResult>();
  const files = new Map<string, ReceivedFile>();
  const cleanup = async () => {
    await Promise.all(
      [...files.values()].flatMap((file) => [
        rm(file.path, { force: true }),
        file.thumbnail ? rm(file.thumbnail.path, { force: true }) : null,
      ]),
    );
  };
  if (urls.length === 0) return { remote, files, cleanup };
  await mkdir(deps.tempDir, { recursive: true });
  let usedBytes = await storageUsedBytes(db, workspaceId);
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      try {
        const file = await fetchOne(deps, url, { limits, usedBytes });
        usedBytes += file.sizeBytes;
        files.set(url, file);
        const { id: _id, path: _path, thumbnail: _thumbnail, extension: _extension, ...facts } = file;
        remote.set(url, { file: { ...facts, id: remoteMediaId(url) } });
      } catch (error) {
        const reason = error instanceof AppError ? error.message : fetchFailed().message;
        remote.set(url, { problem: reason });
      }
      onFetched(remote.size, urls.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, urls.length) }, worker));
  return { remote, files, cleanup };
}

/**
 * Stores the fetched files the new posts use, in the caller's transaction, and returns each URL's new
 * library id. `stored` collects the storage keys written, for the caller to delete if its transaction fails.
 */
export async function storeRemoteMedia(
  tx: Tx,
  storage: MediaStorage,
  input: { workspaceId: string; userId: string; limits: MediaLimits },
  fetched: FetchedMedia,
  usedUrls: ReadonlySet<string>,
  stored: string[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [url, file] of fetched.files) {
    if (!usedUrls.has(url)) continue;
    const keys = storageKeysOf(input.workspaceId, file);
    stored.push(keys.storageKey, ...(keys.thumbnailKey ? [keys.thumbnailKey] : []));
    const row = await storeMediaInTransaction(tx, storage, { ...input, file });
    ids.set(remoteMediaId(url), row.id);
  }
  return ids;
}
