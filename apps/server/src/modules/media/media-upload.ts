import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MediaLimits } from '@relaycast/shared/plans';
import { truncateToGraphemes } from '@relaycast/shared/text';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { DiskGuard } from '../../lib/media/disk-space';
import { storageFullError } from './media.service';

/**
 * Room left in a request's Content-Length for the multipart framing around the file (boundaries, part
 * headers, the file name). A browser's framing is a few hundred bytes; a request larger than the file limit
 * plus this cannot hold an acceptable file and is refused before its body is read.
 */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Longest file name kept (UTF-16 code units). */
export const MAX_DISPLAY_NAME_LENGTH = 255;

export function noFileError(): AppError {
  return new AppError('NO_FILE');
}

export function fileTooLargeError(name: string, limits: MediaLimits): AppError {
  return new AppError('FILE_TOO_LARGE', { values: [name, limits] });
}

/** While a file streams to disk, the disk's free space is read again after each this many bytes. */
export const DISK_CHECK_INTERVAL_BYTES = 8 * 1024 * 1024;

/**
 * The name shown in the library: the last path segment, without control characters, at most 255 long (cut
 * between graphemes, so a long name never ends in half an emoji or a letter without its accent).
 */
export function displayNameOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code >= 0x20 && code !== 0x7f;
  });
  return truncateToGraphemes(printable.join('').trim(), MAX_DISPLAY_NAME_LENGTH).trim();
}

export interface UploadBudget {
  /** The workspace's file-size and storage limits (workspaces/plan-status.ts `mediaLimitsOf`). */
  limits: MediaLimits;
  /** Bytes the workspace already uses (read without the lock: the final check happens on insert). */
  usedBytes: number;
  /** The disk being written: checked before the first byte and every DISK_CHECK_INTERVAL_BYTES after. */
  disk: DiskGuard;
}

export interface ReceivedUpload {
  name: string;
  path: string;
  sizeBytes: number;
}

/**
 * A pass-through that counts the bytes of a file on its way to disk and fails the transfer with the limit's
 * message the moment it passes the file-size limit or the storage left, or the disk reaches its reserve
 * (uploads and URL imports alike). The caller removes what was written.
 */
export function limitedCounter(
  name: string,
  { limits, usedBytes, disk }: UploadBudget,
): Transform & { bytes(): number } {
  const storageLeft =
    limits.storageBytes === null ? Number.POSITIVE_INFINITY : limits.storageBytes - usedBytes;
  let sizeBytes = 0;
  let checkedUpTo = -1;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      if (sizeBytes > limits.maxFileSizeBytes) return callback(fileTooLargeError(name, limits));
      if (sizeBytes > storageLeft) return callback(storageFullError(name, limits, usedBytes));
      const window = Math.floor(sizeBytes / DISK_CHECK_INTERVAL_BYTES);
      if (window === checkedUpTo) return callback(null, chunk);
      checkedUpTo = window;
      // This chunk must fit above the reserve: a disk filling up (by this file or anything else) stops it.
      disk.assertRoom(chunk.length).then(
        () => callback(null, chunk),
        (err: unknown) => callback(err as Error),
      );
    },
  });
  return Object.assign(counter, { bytes: () => sizeBytes });
}

/**
 * Streams the request's one file into `tempPath`, counting bytes: the moment the file passes the file-size
 * limit or the storage left, or the disk reaches its reserve, the transfer stops and the partial file is removed.
 * A request whose Content-Length alone proves the file too big (or the disk too full) is refused before any of
 * the file is read.
 */
export async function receiveUpload(
  request: FastifyRequest,
  tempPath: string,
  budget: UploadBudget,
): Promise<ReceivedUpload> {
  const { limits, usedBytes, disk } = budget;
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({
      limits: { fileSize: limits.maxFileSizeBytes + 1, files: 1, fields: 10, parts: 20, headerPairs: 50 },
      throwFileSizeLimit: false,
    });
  } catch {
    throw noFileError();
  }
  if (!part) throw noFileError();
  const name = displayNameOf(part.filename) || 'Untitled';

  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > 0) {
    const smallestPossibleFile = declared - MULTIPART_OVERHEAD_BYTES;
    if (smallestPossibleFile > limits.maxFileSizeBytes) throw fileTooLargeError(name, limits);
    if (limits.storageBytes !== null && usedBytes + smallestPossibleFile > limits.storageBytes)
      throw storageFullError(name, limits, usedBytes);
    await disk.assertRoom(smallestPossibleFile);
  }

  const counter = limitedCounter(name, budget);
  const out = createWriteStream(tempPath, { flags: 'wx' });
  try {
    await pipeline(part.file, counter, out);
  } catch (err) {
    // A transfer stopped before the file was opened still opens (creates) it afterwards: wait for the stream
    // to close, or the removal below runs first and leaves an empty file behind.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(tempPath, { force: true });
    if (err instanceof AppError) throw err;
    // The client went away or sent broken multipart data: nothing to store.
    throw new AppError('NO_FILE');
  }
  if (part.file.truncated) {
    await rm(tempPath, { force: true });
    throw fileTooLargeError(name, limits);
  }
  const sizeBytes = counter.bytes();
  if (sizeBytes === 0) {
    await rm(tempPath, { force: true });
    throw noFileError();
  }
  return { name, path: tempPath, sizeBytes };
}

/** Makes the temp directory and removes what a crashed upload left there more than an hour ago. */
export async function prepareTempDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const cutoff = Date.now() - 60 * 60 * 1000;
  for (const entry of await readdir(dir)) {
    const file = path.join(dir, entry);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < cutoff) await rm(file, { force: true, recursive: true });
  }
}
