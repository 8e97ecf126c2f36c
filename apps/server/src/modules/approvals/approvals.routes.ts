import {
  activeReviewLinkListSchema,
  approvalDecisionSchema,
  approvalHistorySchema,
  approvalQueueSchema,
  approvalSettingsSchema,
  approvalStatusSchema,
  createReviewLinkSchema,
  reviewActionSchema,
  reviewLinkSchema,
  reviewPageSchema,
} from '@relaycast/shared/approvals';
import { MEDIA_MESSAGES } from '@relaycast/shared/media';
import { PLAN_MESSAGES } from '@relaycast/shared/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { callerOf } from '../../lib/caller';
import { idParams, idSchema } from '../../lib/id-params';
import { linkBaseUrl } from '../../lib/request-origin';
import { sendStoredObject } from '../media/media-send';
import type { PublishingEngine } from '../publishing/publishing-engine';
import { configuredShortLinkBase } from '../short-links/short-links.service';
import { planStatus } from '../workspaces/plan-status';
import { type Decision, decideAsMember, listQueue, postHistory } from './approvals.service';
import {
  actOnReview,
  createReviewLink,
  listActiveReviewLinks,
  revokeReviewLink,
} from './approvals-review-links';
import { reviewMediaFile, reviewPage } from './approvals-review-page';
import { getApprovalSettings, saveApprovalSettings } from './approvals-settings';

const postParams = z.object({ postId: idSchema });
const tokenParams = z.object({ token: z.string().min(1).max(300) });
const reviewPostParams = tokenParams.extend({ postId: z.string().min(1).max(100) });
const reviewMediaParams = tokenParams.extend({
  mediaId: idSchema,
  variant: z.enum(['thumbnail', 'file']),
});

/** The review page's routes: open to anyone with the link, so limited per address like other public forms. */
const PUBLIC_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };
/** A week's page shows every post's pictures at once: more requests, each checked by its signature first. */
const PUBLIC_MEDIA_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

/**
 * `/api/approvals` (docs/decisions/0045-approvals.md): the queue of posts awaiting approval, the
 * decisions on one, its history, the workspace's "require approval" setting and client review links; and
 * `/api/review/:token`, the review page of a client without an account.
 */
// function-budget: one module's routes in one plugin; each handler is short and the routes share its setup
export const approvalsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  engine: PublishingEngine;
}> = async (app, { db, config, engine }) => {
  app.get(
    '/api/approvals',
    { config: { permission: 'view' }, schema: { response: { 200: approvalQueueSchema } } },
    async (request) => ({ items: await listQueue(db, await callerOf(request)) }),
  );

  app.get(
    '/api/approvals/settings',
    { config: { permission: 'view' }, schema: { response: { 200: approvalStatusSchema } } },
    async (request) => getApprovalSettings(db, await callerOf(request)),
  );

  app.put(
    '/api/approvals/settings',
    {
      config: { permission: 'manageWorkspace' },
      schema: { body: approvalSettingsSchema, response: { 200: approvalSettingsSchema } },
    },
    async (request) => saveApprovalSettings(db, await callerOf(request), request.body),
  );

  app.get(
    '/api/approvals/:postId/history',
    {
      config: { permission: 'view' },
      schema: { params: postParams, response: { 200: approvalHistorySchema } },
    },
    async (request) => ({
      events: await postHistory(db, (await callerOf(request)).workspaceId, request.params.postId),
    }),
  );

  const decisions: Record<string, Decision> = {
    approve: 'approve',
    'request-changes': 'request_changes',
    reject: 'reject',
  };
  for (const [path, decision] of Object.entries(decisions)) {
    app.post(
      `/api/approvals/:postId/${path}`,
      { config: { permission: 'publish' }, schema: { params: postParams, body: approvalDecisionSchema } },
      async (request, reply) => {
        const caller = await callerOf(request);
        const status = planStatus(caller, config.billingMode);
        if (decision === 'approve' && status.publishingBlocked) {
          throw new AppError('PUBLISHING_BLOCKED', { message: status.reason ?? PLAN_MESSAGES.trialEnded });
        }
        const { comment, content } = request.body;
        await decideAsMember(db, caller, request.params.postId, decision, comment, new Date(), {
          content,
          shortLinkBase: configuredShortLinkBase(config),
        });
        if (decision === 'approve') await engine.schedulePost(request.params.postId);
        return reply.status(204).send();
      },
    );
  }

  app.post(
    '/api/approvals/review-links',
    {
      config: { permission: 'publish' },
      schema: { body: createReviewLinkSchema, response: { 201: reviewLinkSchema } },
    },
    async (request, reply) => {
      const link = await createReviewLink(
        db,
        config.appSecret,
        linkBaseUrl(request, config),
        await callerOf(request),
        request.body,
      );
      return reply.status(201).send(link);
    },
  );

  app.get(
    '/api/approvals/review-links',
    { config: { permission: 'publish' }, schema: { response: { 200: activeReviewLinkListSchema } } },
    async (request) => listActiveReviewLinks(db, await callerOf(request)),
  );

  app.delete(
    '/api/approvals/review-links/:id',
    { config: { permission: 'publish' }, schema: { params: idParams } },
    async (request, reply) => {
      await revokeReviewLink(db, await callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/review/:token',
    {
      config: { auth: 'public', rateLimit: PUBLIC_RATE_LIMIT },
      schema: { params: tokenParams, response: { 200: reviewPageSchema } },
    },
    async (request) => reviewPage(db, config.appSecret, request.params.token),
  );

  // The media of the link's posts only (reviewMediaFile); binary answers, so no response schema.
  app.get(
    '/api/review/:token/media/:mediaId/:variant',
    {
      config: { auth: 'public', rateLimit: PUBLIC_MEDIA_RATE_LIMIT },
      schema: { params: reviewMediaParams },
    },
    async (request, reply) => {
      const { token, mediaId, variant } = request.params;
      const file = await reviewMediaFile(db, config.appSecret, token, mediaId);
      if (variant === 'thumbnail') {
        if (!file.thumbnailKey) throw new AppError('NOT_FOUND', { message: MEDIA_MESSAGES.notFound });
        return sendStoredObject(app.mediaStorage, reply, file.thumbnailKey, {
          type: file.thumbnailKey.endsWith('.jpg') ? 'image/jpeg' : 'image/webp',
          name: `${file.name} (thumbnail)`,
          size: null,
          rangeHeader: undefined,
        });
      }
      return sendStoredObject(app.mediaStorage, reply, file.storageKey, {
        type: file.mimeType,
        name: file.name,
        size: file.sizeBytes,
        rangeHeader: request.headers.range,
      });
    },
  );

  for (const action of ['approve', 'comment'] as const) {
    app.post(
      `/api/review/:token/posts/:postId/${action}`,
      {
        config: { auth: 'public', rateLimit: PUBLIC_RATE_LIMIT },
        schema: { params: reviewPostParams, body: reviewActionSchema },
      },
      async (request, reply) => {
        const { token, postId } = request.params;
        await actOnReview(db, config.appSecret, token, postId, action, {
          reviewerName: request.body.reviewerName,
          comment: request.body.comment,
        });
        if (action === 'approve') await engine.schedulePost(postId);
        return reply.status(204).send();
      },
    );
  }
};
