import { ACCEPTED_MEDIA_TYPES, isAcceptedMediaType } from '@relaycast/shared/media';
import { mediaKindOf } from '@relaycast/shared/platforms';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { DiskGuard } from '../../lib/media/disk-space';
import type { MediaProcessor } from '../../lib/media/ffmpeg';
import type { MediaStorage } from '../../lib/media/storage';
import type { ReceivedFile } from './media.service';
import { displayNameOf } from './media-upload';

/** What storing a file the server received otherwise than by upload needs (a link's import, an AI image). */
export interface ReceivedFileDeps {
  db: Db;
  config: Config;
  storage: MediaStorage;
  processor: MediaProcessor;
  disk: DiskGuard;
  tempDir: string;
  log: { warn(obj: object, msg: string): void };
}

/** The file name a URL's last path segment gives, or a generic one. */
export function fileNameFromUrl(url: string): string {
  try {
    return displayNameOf(decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '')) || 'Imported file';
  } catch {
    return 'Imported file';
  }
}

/**
 * A file the server received otherwise than by upload (a link's download, an AI provider's image), probed as an
 * upload is: its size and duration read, a thumbnail made next to it (`<path>-thumb`), and, with ffmpeg here, a
 * file it cannot decode refused rather than stored without its facts. `mimeType` was sniffed from the bytes.
 */
export async function probeReceivedFile(
  processor: MediaProcessor,
  input: { id: string; name: string; path: string; sizeBytes: number; mimeType: string },
  signal?: AbortSignal,
): Promise<ReceivedFile> {
  const mimeType = input.mimeType === 'image/apng' ? 'image/png' : input.mimeType;
  const kind = mediaKindOf(mimeType);
  if (!kind || !isAcceptedMediaType(mimeType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { values: [input.name] });
  }
  const facts = await processor.probe(input.path, kind, signal);
  const thumbnail = await processor.makeThumbnail(
    input.path,
    `${input.path}-thumb`,
    { kind, durationSeconds: facts?.durationSeconds ?? null },
    signal,
  );
  const decoded = facts?.width != null && facts.height != null && thumbnail !== null;
  if (!decoded && (await processor.isAvailable())) {
    throw new AppError('UNREADABLE_MEDIA', { values: [input.name, kind === 'video' ? 'video' : 'image'] });
  }
  return {
    id: input.id,
    name: input.name,
    mimeType,
    kind,
    sizeBytes: input.sizeBytes,
    width: facts?.width ?? null,
    height: facts?.height ?? null,
    durationSeconds: facts?.durationSeconds ?? null,
    path: input.path,
    thumbnail,
    extension: ACCEPTED_MEDIA_TYPES[mimeType],
  };
}
