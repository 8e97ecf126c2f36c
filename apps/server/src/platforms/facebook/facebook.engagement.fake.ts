import { GRAPH_VERSION } from '../meta/graph';
import { graphTime } from '../meta/graph.fake';
import { expectFields, type FakeRequest } from '../testing/server.fake';
import type { FacebookFake } from './facebook.fake';

/**
 * Engagement routes on the Facebook fake, checking the Page token like the fake's publishing routes: `GET
 * /{page}/feed` (posts with their comments), `GET /{page}/conversations`, `POST /{object}/likes`, `POST
 * /{comment}/comments`, `POST /{page}/messages` (Send API: `recipient.id` or `recipient.comment_id`). Seeded items are
 * served on every Page of the fake.
 */

export interface FacebookSeedItem {
  text: string;
  kind?: 'comment' | 'message';
  postId?: string;
  authorName?: string;
  createdAt?: Date;
}

export interface FacebookEngagementFake {
  add(seed: FacebookSeedItem): string;
  likes: string[];
  replies: { parentId: string; message: string }[];
  messages: { recipient: Record<string, string>; text: string }[];
}

export function addFacebookEngagementRoutes(
  fake: Pick<FacebookFake, 'server' | 'login'>,
  seeds: FacebookSeedItem[] = [],
): FacebookEngagementFake {
  const base = `/${GRAPH_VERSION}`;
  const comments: (FacebookSeedItem & { id: string; postId: string; createdAt: Date; authorId: string })[] =
    [];
  const conversations: (FacebookSeedItem & { id: string; createdAt: Date; authorId: string })[] = [];
  const likes: string[] = [];
  const replies: FacebookEngagementFake['replies'] = [];
  const messages: FacebookEngagementFake['messages'] = [];
  let counter = 0;

  function add(seed: FacebookSeedItem): string {
    counter += 1;
    const authorId = `psid-${counter}`;
    const createdAt = seed.createdAt ?? new Date();
    if (seed.kind === 'message') {
      const id = `m_${counter}`;
      conversations.unshift({ ...seed, id, createdAt, authorId });
      return id;
    }
    const postId = seed.postId ?? 'page_post_1';
    const id = `${postId}_c${counter}`;
    comments.unshift({ ...seed, id, postId, createdAt, authorId });
    return id;
  }
  for (const seed of seeds) add(seed);

  const pageToken = (request: FakeRequest) => fake.login.tokens.authenticate(request, ['page']);
  const from = (item: { authorId: string; authorName?: string }) => ({
    id: item.authorId,
    name: item.authorName ?? `Fan ${item.authorId}`,
  });

  fake.server.route('GET', `${base}/:page/feed`, (request) => {
    const auth = pageToken(request);
    if (!auth.ok) return auth.response;
    if (!request.query.get('fields')?.includes('comments')) throw new Error('fields must ask for comments');
    const byPost = new Map<string, typeof comments>();
    for (const comment of comments)
      byPost.set(comment.postId, [...(byPost.get(comment.postId) ?? []), comment]);
    return {
      body: {
        data: [...byPost].map(([postId, list]) => ({
          id: postId,
          comments: {
            data: list.map((c) => ({
              id: c.id,
              message: c.text,
              created_time: graphTime(c.createdAt),
              from: from(c),
            })),
          },
        })),
        paging: {},
      },
    };
  });

  fake.server.route('GET', `${base}/:page/conversations`, (request) => {
    const auth = pageToken(request);
    if (!auth.ok) return auth.response;
    if (request.query.get('platform') !== 'messenger') throw new Error('platform=messenger expected');
    return {
      body: {
        data: conversations.map((m) => ({
          id: `t_${m.authorId}`,
          messages: {
            data: [{ id: m.id, message: m.text, created_time: graphTime(m.createdAt), from: from(m) }],
          },
        })),
      },
    };
  });

  fake.server.route('POST', `${base}/:object/likes`, (request) => {
    const auth = pageToken(request);
    if (!auth.ok) return auth.response;
    likes.push(request.params.object ?? '');
    return { body: { success: true } };
  });

  fake.server.route('POST', `${base}/:object/comments`, (request) => {
    const auth = pageToken(request);
    if (!auth.ok) return auth.response;
    expectFields(request, 'message');
    replies.push({ parentId: request.params.object ?? '', message: String(request.body?.message) });
    return { body: { id: `${request.params.object}_r${replies.length}` } };
  });

  fake.server.route('POST', `${base}/:page/messages`, (request) => {
    const auth = pageToken(request);
    if (!auth.ok) return auth.response;
    expectFields(request, 'recipient', 'message', 'messaging_type');
    const recipient = request.body?.recipient as Record<string, string>;
    const text = (request.body?.message as { text?: string })?.text;
    if (!text) throw new Error('message.text missing');
    if (!recipient.id && !recipient.comment_id)
      throw new Error('recipient.id or recipient.comment_id expected');
    messages.push({ recipient, text });
    return {
      body: { recipient_id: recipient.id ?? 'psid-from-comment', message_id: `mid.${messages.length}` },
    };
  });

  return { add, likes, replies, messages };
}
