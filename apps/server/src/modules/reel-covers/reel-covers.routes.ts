import { POST_MESSAGES } from '@relaycast/shared/posts';
import { postReelCoverSchema } from '@relaycast/shared/reel-covers';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { readReelCover } from './reel-covers.service';

/**
 * `GET /api/reel-covers/posts/:id`: a post's Instagram Reel cover for the composer (docs/reel-covers.md). It is
 * written with the post (`reelCover` of the post's input), so this module has no write route of its own.
 */
export const reelCoversRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/reel-covers/posts/:id',
    { schema: { params: idParams, response: { 200: postReelCoverSchema } } },
    async (request) => {
      const { workspaceId } = await callerOf(request);
      const [post] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(
          and(eq(posts.workspaceId, workspaceId), eq(posts.id, request.params.id), isNull(posts.deletedAt)),
        )
        .limit(1);
      if (!post) throw new AppError('NOT_FOUND', { message: POST_MESSAGES.notFound });
      return { reelCover: await readReelCover(db, post.id) };
    },
  );
};
