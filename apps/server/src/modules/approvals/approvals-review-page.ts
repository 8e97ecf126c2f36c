import { APPROVAL_MESSAGES, type ReviewPage } from '@relaycast/shared/approvals';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaFiles, postMedia, workspaces } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { postsOf, resolveReviewLink } from './approvals-review-links';

/**
 * What a client review link shows (docs/decisions/0045-approvals.md, docs/decisions/0076-calendar-views.md): the
 * link's posts with their media and the zone each was scheduled in, and those posts' files, to nobody else.
 */

/** The media of the link's posts, in each post's order: what the review page shows and may serve. */
async function mediaOf(db: Db, workspaceId: string, postIds: readonly string[]) {
  if (postIds.length === 0) return [];
  return db
    .select({
      postId: postMedia.postId,
      id: mediaFiles.id,
      kind: mediaFiles.kind,
      mimeType: mediaFiles.mimeType,
      width: mediaFiles.width,
      height: mediaFiles.height,
      thumbnailKey: mediaFiles.thumbnailKey,
    })
    .from(postMedia)
    .innerJoin(mediaFiles, eq(mediaFiles.id, postMedia.mediaId))
    .where(and(inArray(postMedia.postId, [...postIds]), eq(mediaFiles.workspaceId, workspaceId)))
    .orderBy(asc(postMedia.postId), asc(postMedia.position));
}

export async function reviewPage(
  db: Db,
  appSecret: string,
  token: string,
  now = new Date(),
): Promise<ReviewPage> {
  const link = await resolveReviewLink(db, appSecret, token, now);
  const [workspace] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, link.workspaceId));
  const rows = await postsOf(db, link);
  const media = await mediaOf(
    db,
    link.workspaceId,
    rows.map((row) => row.id),
  );
  return {
    workspaceName: workspace?.name ?? '',
    expiresAt: link.expiresAt.toISOString(),
    posts: rows.map((row) => ({
      id: row.id,
      content: row.content,
      platforms: row.platforms,
      status: row.status,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      timezone: row.timezone,
      canApprove: row.status === 'awaiting_approval',
      media: media
        .filter((item) => item.postId === row.id)
        .map((item) => ({
          id: item.id,
          kind: item.kind,
          mimeType: item.mimeType,
          width: item.width,
          height: item.height,
          hasThumbnail: item.thumbnailKey !== null,
        })),
    })),
  };
}

/**
 * A file the review page may show: attached to one of the link's posts (its one post, or the week's), in the
 * link's workspace. Anything else, another workspace's file or one of the workspace's files on no post of the
 * link, is 404 as an unknown file is; an expired or revoked link is 410 as the page is.
 */
export async function reviewMediaFile(
  db: Db,
  appSecret: string,
  token: string,
  mediaId: string,
  now = new Date(),
) {
  const link = await resolveReviewLink(db, appSecret, token, now);
  const postIds = (await postsOf(db, link)).map((row) => row.id);
  const [row] =
    postIds.length === 0
      ? []
      : await db
          .select({
            id: mediaFiles.id,
            name: mediaFiles.name,
            mimeType: mediaFiles.mimeType,
            sizeBytes: mediaFiles.sizeBytes,
            storageKey: mediaFiles.storageKey,
            thumbnailKey: mediaFiles.thumbnailKey,
          })
          .from(postMedia)
          .innerJoin(mediaFiles, eq(mediaFiles.id, postMedia.mediaId))
          .where(
            and(
              eq(postMedia.mediaId, mediaId),
              inArray(postMedia.postId, postIds),
              eq(mediaFiles.workspaceId, link.workspaceId),
            ),
          )
          .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: APPROVAL_MESSAGES.linkMediaOutside });
  return row;
}
