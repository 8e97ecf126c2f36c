import type { MediaFacts } from '@relaycast/shared/platforms';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { builtOnce } from '../../db/prepared';
import { mediaFiles, postMedia } from '../../db/schema/index';

/** A file attached to a post, with the facts the platform rules need (`checkPost`). */
export interface AttachedMedia extends MediaFacts {
  id: string;
}

/** The columns of a file the platform rules read, shared by every read of a post's media facts. */
export const mediaFactColumns = {
  id: mediaFiles.id,
  name: mediaFiles.name,
  mimeType: mediaFiles.mimeType,
  sizeBytes: mediaFiles.sizeBytes,
  durationSeconds: mediaFiles.durationSeconds,
};

/** The media attached to a post, in order, as the platform rules see them. */
export async function loadAttachedMedia(
  db: Db,
  workspaceId: string,
  postId: string,
): Promise<AttachedMedia[]> {
  return (await loadAttachedMediaWithAltTexts(db, workspaceId, postId)).media;
}

/** Read at every edit and move of a post, so written once. */
const attachedWithAltTexts = builtOnce((db) =>
  db
    .select({ ...mediaFactColumns, altText: postMedia.altText })
    .from(postMedia)
    .innerJoin(mediaFiles, eq(mediaFiles.id, postMedia.mediaId))
    .where(
      and(
        eq(postMedia.postId, sql.placeholder('postId')),
        eq(mediaFiles.workspaceId, sql.placeholder('workspaceId')),
      ),
    )
    .orderBy(asc(postMedia.position))
    .for('key share', { of: mediaFiles }),
);

/** `loadAttachedMedia` with each file's alt text on this post, in the same order, read in the same statement. */
export async function loadAttachedMediaWithAltTexts(
  db: Db,
  workspaceId: string,
  postId: string,
): Promise<{ media: AttachedMedia[]; altTexts: string[] }> {
  const rows = await attachedWithAltTexts(db, { postId, workspaceId });
  return {
    media: rows.map(({ altText: _altText, ...facts }) => facts),
    altTexts: rows.map((row) => row.altText),
  };
}
