import { platformRequest } from '../http';
import type { CallContext, EngagementOperations } from '../types';
import { PlatformError } from '../types';
import { describeLinkedInError, LINKEDIN_VERSION } from './linkedin.connector';

/**
 * LinkedIn engagement with the member's `w_member_social` permission (learn.microsoft.com/linkedin/marketing/
 * community-management/shares/reactions-api and comments-api): like = a LIKE reaction (`POST /rest/reactions`),
 * reply = a comment on the post, nested under the comment it answers (`POST /rest/socialActions/{urn}/comments`).
 * Reading comments needs `r_member_social`, which LinkedIn grants to approved partners only, and its messaging API
 * is closed, so the inbox gets no LinkedIn items and there is no message.
 */

const REST_HEADERS = { 'linkedin-version': LINKEDIN_VERSION, 'x-restli-protocol-version': '2.0.0' };

function api(ctx: CallContext, path: string): string {
  const base = ctx.settings.urls.api;
  if (!base) throw new Error('linkedin connector: no api URL');
  return `${base.replace(/\/+$/, '')}${path}`;
}

const person = (id: string) => `urn:li:person:${id}`;

export const linkedinEngagement: EngagementOperations = {
  async like(ctx, credentials, target) {
    await platformRequest(
      ctx,
      {
        method: 'POST',
        url: api(ctx, '/rest/reactions'),
        query: { actor: person(credentials.platformAccountId) },
        token: credentials.accessToken,
        headers: REST_HEADERS,
        body: { json: { root: target.platformItemId, reactionType: 'LIKE' } },
        sideEffect: true,
      },
      describeLinkedInError,
    );
  },

  async reply(ctx, credentials, target, text) {
    const post = target.platformPostId ?? target.platformItemId;
    const isComment = target.kind === 'comment' && target.platformItemId !== post;
    const response = await platformRequest<{ id?: string; commentUrn?: string }>(
      ctx,
      {
        method: 'POST',
        url: api(
          ctx,
          `/rest/socialActions/${encodeURIComponent(isComment ? target.platformItemId : post)}/comments`,
        ),
        token: credentials.accessToken,
        headers: REST_HEADERS,
        body: {
          json: {
            actor: person(credentials.platformAccountId),
            object: post,
            message: { text },
            ...(isComment ? { parentComment: target.platformItemId } : {}),
          },
        },
        sideEffect: true,
      },
      describeLinkedInError,
    );
    const id = response.body.commentUrn ?? response.headers.get('x-restli-id') ?? response.body.id;
    if (!id) throw new PlatformError('unknown', 'LinkedIn accepted the comment but did not return its id.');
    return { platformItemId: id };
  },
};
