import { MEDIA_MESSAGES } from '@relaycast/shared/media';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type MediaStorage, StorageNotFoundError } from '../../lib/media/storage';
import { parseByteRange } from './byte-range';

/** What a stored file is sent as: its type, the name in Content-Disposition, its size (null: unknown) and Range. */
export interface StoredObjectHeaders {
  type: string;
  name: string;
  size: number | null;
  rangeHeader: string | undefined;
}

/** A name safe in a Content-Disposition header: ASCII without quotes, plus the exact name in filename*. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Sends a stored file (or its thumbnail) with HTTP ranges for video seeking: the media library's downloads and
 * the client review page's media (approvals-review-links.ts). A missing object answers 404.
 */
export async function sendStoredObject(
  storage: MediaStorage,
  reply: FastifyReply,
  key: string,
  headers: StoredObjectHeaders,
) {
  const range = headers.size === null ? undefined : parseByteRange(headers.rangeHeader, headers.size);
  if (range === 'unsatisfiable') {
    throw new AppError('RANGE_NOT_SATISFIABLE', {
      message: 'The requested range is outside the file.',
      headers: {
        'content-range': `bytes */${headers.size}`,
      },
    });
  }
  let body: Awaited<ReturnType<MediaStorage['get']>>;
  try {
    body = await storage.get(key, range);
  } catch (err) {
    if (!(err instanceof StorageNotFoundError)) throw err;
    reply.log.warn({ key }, 'a media row points at a missing storage object');
    throw new AppError('NOT_FOUND', { message: MEDIA_MESSAGES.notFound });
  }
  reply
    .header('content-type', headers.type)
    .header('content-disposition', contentDisposition(headers.name))
    .header('cache-control', 'private, max-age=3600');
  if (headers.size !== null) {
    reply.header('accept-ranges', 'bytes');
    if (range) {
      reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${headers.size}`)
        .header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', headers.size);
    }
  }
  return reply.send(body);
}
