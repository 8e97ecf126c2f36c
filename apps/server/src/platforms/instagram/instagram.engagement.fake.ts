import { GRAPH_VERSION } from '../meta/graph';
import { expectFields } from '../testing/server.fake';
import type { InstagramFake } from './instagram.fake';

/**
 * Engagement routes on the Instagram fake (token checked like its publishing routes): `GET /{media}/comments`,
 * `POST /{comment}/replies`, `POST /{page}/messages` (private reply: `recipient.comment_id`). Comments are seeded
 * per media id.
 */

export interface InstagramSeedComment {
  mediaId: string;
  text: string;
  username?: string;
  createdAt?: Date;
}

export interface InstagramEngagementFake {
  add(seed: InstagramSeedComment): string;
  replies: { commentId: string; message: string }[];
  privateReplies: { commentId: string; text: string }[];
}

export function addInstagramEngagementRoutes(
  fake: Pick<InstagramFake, 'server' | 'login'>,
  seeds: InstagramSeedComment[] = [],
): InstagramEngagementFake {
  const base = `/${GRAPH_VERSION}`;
  const comments: (InstagramSeedComment & { id: string; createdAt: Date })[] = [];
  const replies: InstagramEngagementFake['replies'] = [];
  const privateReplies: InstagramEngagementFake['privateReplies'] = [];
  let counter = 0;
  const add = (seed: InstagramSeedComment) => {
    counter += 1;
    const id = `1790${String(counter).padStart(6, '0')}`;
    comments.unshift({ ...seed, id, createdAt: seed.createdAt ?? new Date() });
    return id;
  };
  for (const seed of seeds) add(seed);
  const token = (request: Parameters<typeof fake.login.tokens.authenticate>[0]) =>
    fake.login.tokens.authenticate(request, ['page', 'user']);

  fake.server.route('GET', `${base}/:media/comments`, (request) => {
    const auth = token(request);
    if (!auth.ok) return auth.response;
    const data = comments
      .filter((comment) => comment.mediaId === request.params.media)
      .map((comment) => ({
        id: comment.id,
        text: comment.text,
        timestamp: `${comment.createdAt.toISOString().slice(0, 19)}+0000`,
        username: comment.username ?? `fan${comment.id.slice(-2)}`,
        from: { id: `igsid-${comment.id}`, username: comment.username ?? `fan${comment.id.slice(-2)}` },
      }));
    return { body: { data } };
  });

  fake.server.route('POST', `${base}/:comment/replies`, (request) => {
    const auth = token(request);
    if (!auth.ok) return auth.response;
    expectFields(request, 'message');
    if (!comments.some((comment) => comment.id === request.params.comment)) {
      return { status: 400, body: { error: { message: 'Invalid comment id', code: 100 } } };
    }
    replies.push({ commentId: request.params.comment ?? '', message: String(request.body?.message) });
    return { body: { id: `1791${String(replies.length).padStart(6, '0')}` } };
  });

  fake.server.route('POST', `${base}/:page/messages`, (request) => {
    const auth = token(request);
    if (!auth.ok) return auth.response;
    const recipient = request.body?.recipient as { comment_id?: string } | undefined;
    const text = (request.body?.message as { text?: string } | undefined)?.text;
    if (!recipient?.comment_id || !text) throw new Error('recipient.comment_id and message.text expected');
    privateReplies.push({ commentId: recipient.comment_id, text });
    return {
      body: { recipient_id: `igsid-${recipient.comment_id}`, message_id: `aWdf${privateReplies.length}` },
    };
  });

  return { add, replies, privateReplies };
}
