import { expectFields, type FakeRequest, type FakeResponse, type PlatformFake } from '../testing/server.fake';

/**
 * Engagement routes on the X fake: `GET /2/users/:id/mentions` (newest first, `start_time`, `max_results`,
 * `pagination_token`, users in `includes`), `GET /2/dm_events`, `POST /2/users/:id/likes`,
 * `POST /2/dm_conversations/with/:participant_id/messages`, `POST /2/dm_conversations/:id/messages`. Replies go
 * through the fake's own `POST /2/tweets`. Seeded items are served to every signed-in account of the fake.
 */

export interface TwitterSeedItem {
  text: string;
  kind?: 'comment' | 'mention' | 'message';
  /** The tweet it replies to (comments). */
  inReplyToId?: string;
  authorUsername?: string;
  createdAt?: Date;
}

export interface TwitterEngagementFake {
  add(seed: TwitterSeedItem): string;
  likes: { userId: string; tweetId: string }[];
  messages: { conversation: string; text: string }[];
}

const UNAUTHORIZED: FakeResponse = {
  status: 401,
  body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
};

function signedIn(request: FakeRequest): boolean {
  return /^Bearer \S+$/.test(request.headers.authorization ?? '');
}

interface Stored {
  id: string;
  kind: 'comment' | 'mention' | 'message';
  text: string;
  createdAt: Date;
  author: { id: string; username: string; name: string };
  inReplyToId?: string;
}

export function addTwitterEngagementRoutes(
  fake: Pick<PlatformFake, 'server' | 'replyable'>,
  seeds: TwitterSeedItem[] = [],
): TwitterEngagementFake {
  const items: Stored[] = [];
  const likes: TwitterEngagementFake['likes'] = [];
  const messages: TwitterEngagementFake['messages'] = [];
  let counter = 0;

  function add(seed: TwitterSeedItem): string {
    counter += 1;
    const id = `18${String(counter).padStart(8, '0')}`;
    fake.replyable?.add(id);
    const username = seed.authorUsername ?? `fan${counter}`;
    items.unshift({
      id,
      kind: seed.kind ?? 'comment',
      text: seed.text,
      createdAt: seed.createdAt ?? new Date(),
      author: { id: `u-${username}`, username, name: `Fan ${username}` },
      inReplyToId:
        (seed.kind ?? 'comment') === 'comment' ? (seed.inReplyToId ?? '1700000000000000001') : undefined,
    });
    return id;
  }
  for (const seed of seeds) add(seed);

  const usersOf = (list: Stored[]) => [
    ...new Map(list.map((item) => [item.author.id, item.author])).values(),
  ];

  fake.server.route('GET', '/2/users/:id/mentions', (request) => {
    if (!signedIn(request)) return UNAUTHORIZED;
    const max = Number(request.query.get('max_results') ?? 10);
    if (!(max >= 5 && max <= 100)) throw new Error('max_results must be 5..100');
    const start = request.query.get('start_time');
    const offset = Number(request.query.get('pagination_token') ?? 0);
    const matching = items.filter(
      (item) => item.kind !== 'message' && (!start || item.createdAt >= new Date(start)),
    );
    const page = matching.slice(offset, offset + max);
    return {
      body: {
        data: page.map((item) => ({
          id: item.id,
          text: item.text,
          created_at: item.createdAt.toISOString(),
          author_id: item.author.id,
          conversation_id: item.inReplyToId ?? item.id,
          ...(item.inReplyToId ? { referenced_tweets: [{ type: 'replied_to', id: item.inReplyToId }] } : {}),
        })),
        includes: { users: usersOf(page) },
        meta: {
          result_count: page.length,
          ...(offset + max < matching.length ? { next_token: String(offset + max) } : {}),
        },
      },
    };
  });

  fake.server.route('GET', '/2/dm_events', (request) => {
    if (!signedIn(request)) return UNAUTHORIZED;
    const page = items.filter((item) => item.kind === 'message');
    return {
      body: {
        data: page.map((item) => ({
          id: item.id,
          event_type: 'MessageCreate',
          text: item.text,
          created_at: item.createdAt.toISOString(),
          sender_id: item.author.id,
          dm_conversation_id: `conv-${item.author.id}`,
        })),
        includes: { users: usersOf(page) },
        meta: { result_count: page.length },
      },
    };
  });

  fake.server.route('POST', '/2/users/:id/likes', (request) => {
    if (!signedIn(request)) return UNAUTHORIZED;
    expectFields(request, 'tweet_id');
    likes.push({ userId: request.params.id ?? '', tweetId: String(request.body?.tweet_id) });
    return { body: { data: { liked: true } } };
  });

  const sendMessage =
    (conversation: string) =>
    (request: FakeRequest): FakeResponse => {
      if (!signedIn(request)) return UNAUTHORIZED;
      expectFields(request, 'text');
      messages.push({ conversation, text: String(request.body?.text) });
      return {
        status: 201,
        body: { data: { dm_conversation_id: conversation, dm_event_id: `dm-${messages.length}` } },
      };
    };
  fake.server.route('POST', '/2/dm_conversations/with/:participant/messages', (request) =>
    sendMessage(`with-${request.params.participant}`)(request),
  );
  fake.server.route('POST', '/2/dm_conversations/:conversation/messages', (request) =>
    sendMessage(request.params.conversation ?? '')(request),
  );

  return { add, likes, messages };
}
