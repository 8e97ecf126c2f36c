import { ALT_TEXT_MESSAGES, acceptsFirstComment, FIRST_COMMENT_PLATFORMS } from '@relaycast/shared/alt-text';
import type { PlatformId } from '@relaycast/shared/platforms';
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { posts, postTargets } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { connectorFor, hasConnector } from '../../platforms/registry';
import { PlatformError } from '../../platforms/types';
import { withFreshCredentials } from '../accounts/account-credentials';

/**
 * The first comment (docs/alt-text-and-first-comment.md): posted by the publish target's own job right after the
 * post went out, on the platform post id it got. Its state lives beside the target's (`comment_status`): the
 * post stays published whatever the comment does, and a failed comment is retried alone, never the post.
 */

export type CommentOutcome = 'none' | 'posted' | 'failed';

/**
 * Claims the target's comment ('pending') when there is one to post: the target is published with a platform post
 * id, its platform takes comments, the post has a first comment, and the comment is not claimed yet (`from:
 * 'first'`) or failed (`from: 'retry'`). One statement, so two callers never both comment.
 */
async function claimComment(
  db: Db,
  targetId: string,
  from: 'first' | 'retry',
  scope: { workspaceId?: string; postId?: string } = {},
) {
  const [row] = await db
    .update(postTargets)
    .set({ commentStatus: 'pending', commentError: null, updatedAt: new Date() })
    .where(
      and(
        eq(postTargets.id, targetId),
        scope.workspaceId ? eq(postTargets.workspaceId, scope.workspaceId) : undefined,
        scope.postId ? eq(postTargets.postId, scope.postId) : undefined,
        eq(postTargets.status, 'published'),
        isNotNull(postTargets.platformPostId),
        isNotNull(postTargets.accountId),
        inArray(postTargets.platform, [...FIRST_COMMENT_PLATFORMS]),
        from === 'first' ? isNull(postTargets.commentStatus) : eq(postTargets.commentStatus, 'failed'),
        sql`exists (select 1 from ${posts} p where p.id = ${postTargets.postId} and p.first_comment <> '')`,
      ),
    )
    .returning({
      platform: postTargets.platform,
      platformPostId: postTargets.platformPostId,
      accountId: postTargets.accountId,
      postId: postTargets.postId,
    });
  return row;
}

/**
 * Posts the target's first comment if it has one to post. Never throws for the platform's failures: they are
 * stored on the target ('failed', with the platform's reason) for "Retry comment".
 */
export async function postFirstComment(
  db: Db,
  config: Config,
  targetId: string,
  from: 'first' | 'retry' = 'first',
  scope: { workspaceId?: string; postId?: string } = {},
): Promise<CommentOutcome> {
  const claimed = await claimComment(db, targetId, from, scope);
  if (!claimed?.platformPostId || !claimed.accountId) return 'none';
  const platform = claimed.platform as PlatformId;
  const [post] = await db
    .select({ firstComment: posts.firstComment })
    .from(posts)
    .where(eq(posts.id, claimed.postId))
    .limit(1);
  try {
    const connector = hasConnector(platform) ? connectorFor(platform) : undefined;
    if (!connector?.comment || !acceptsFirstComment(platform)) {
      throw new PlatformError('refuse', ALT_TEXT_MESSAGES.commentNotSupported);
    }
    const comment = connector.comment.bind(connector);
    const platformPostId = claimed.platformPostId;
    const text = post?.firstComment ?? '';
    const { platformCommentId } = await withFreshCredentials(
      db,
      config,
      claimed.accountId,
      (credentials, ctx) => comment(ctx, credentials, { platformPostId, text }),
    );
    await db
      .update(postTargets)
      .set({ commentStatus: 'posted', commentError: null, platformCommentId, updatedAt: new Date() })
      .where(eq(postTargets.id, targetId));
    return 'posted';
  } catch (error) {
    const message = error instanceof PlatformError ? error.message : 'The comment could not be posted.';
    await db
      .update(postTargets)
      .set({ commentStatus: 'failed', commentError: message, updatedAt: new Date() })
      .where(and(eq(postTargets.id, targetId), ne(postTargets.commentStatus, 'posted')));
    return 'failed';
  }
}

/** "Retry comment": posts a failed first comment again, alone (the post is never published again). */
export async function retryFirstComment(
  db: Db,
  config: Config,
  workspaceId: string,
  postId: string,
  targetId: string,
): Promise<CommentOutcome> {
  const outcome = await postFirstComment(db, config, targetId, 'retry', { workspaceId, postId });
  if (outcome === 'none') {
    throw new AppError('VALIDATION_ERROR', { status: 409, message: ALT_TEXT_MESSAGES.commentNotRetryable });
  }
  return outcome;
}
