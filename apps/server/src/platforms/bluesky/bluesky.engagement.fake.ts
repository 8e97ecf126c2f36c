import type { FakeRequest, FakeResponse, PlatformFake } from '../testing/server.fake';

/**
 * Engagement routes on the Bluesky fake: `app.bsky.notification.listNotifications` (newest first, cursor paging)
 * and `app.bsky.feed.getPosts` for the seeded posts. Seeded notifications are served to every session.
 */

export interface BlueskySeedItem {
  text: string;
  kind?: 'comment' | 'mention';
  /** The post a reply answers (comments); its thread root is itself. */
  parentUri?: string;
  authorHandle?: string;
  createdAt?: Date;
}

const UNAUTHORIZED: FakeResponse = {
  status: 401,
  body: { error: 'AuthMissing', message: 'Authentication Required' },
};

export function addBlueskyEngagementRoutes(
  fake: Pick<PlatformFake, 'server' | 'replyable'>,
  seeds: BlueskySeedItem[] = [],
): { add(seed: BlueskySeedItem): string } {
  const notifications: Record<string, unknown>[] = [];
  const posts = new Map<string, { uri: string; cid: string; record: Record<string, unknown> }>();
  let counter = 0;

  function add(seed: BlueskySeedItem): string {
    counter += 1;
    const handle = seed.authorHandle ?? `fan${counter}.bsky.social`;
    const did = `did:plc:fan${counter}`;
    const uri = `at://${did}/app.bsky.feed.post/3lfan${counter}`;
    const cid = `bafyreifan${counter}`;
    const createdAt = (seed.createdAt ?? new Date()).toISOString();
    const parent = seed.parentUri ?? 'at://did:plc:me/app.bsky.feed.post/3lmine1';
    const record: Record<string, unknown> = { $type: 'app.bsky.feed.post', text: seed.text, createdAt };
    if ((seed.kind ?? 'comment') === 'comment') {
      const ref = { uri: parent, cid: 'bafyreimine' };
      record.reply = { root: ref, parent: ref };
    }
    posts.set(uri, { uri, cid, record });
    // Bluesky names a post by uri and cid: a reply may name this item, and the post of ours it replies to.
    fake.replyable?.add(`${uri} ${cid}`);
    fake.replyable?.add(`${parent} bafyreimine`);
    notifications.unshift({
      uri,
      cid,
      reason: (seed.kind ?? 'comment') === 'comment' ? 'reply' : 'mention',
      indexedAt: createdAt,
      isRead: false,
      author: { did, handle, displayName: `Fan ${counter}` },
      record,
    });
    return uri;
  }
  for (const seed of seeds) add(seed);

  const signedIn = (request: FakeRequest) => /^Bearer \S+$/.test(request.headers.authorization ?? '');

  fake.server.route('GET', '/xrpc/app.bsky.notification.listNotifications', (request) => {
    if (!signedIn(request)) return UNAUTHORIZED;
    const limit = Math.min(Number(request.query.get('limit') ?? 50), 100);
    const start = Number(request.query.get('cursor') ?? 0);
    const page = notifications.slice(start, start + limit);
    return {
      body: {
        notifications: page,
        ...(start + limit < notifications.length ? { cursor: String(start + limit) } : {}),
      },
    };
  });

  fake.server.route('GET', '/xrpc/app.bsky.feed.getPosts', (request) => {
    if (!signedIn(request)) return UNAUTHORIZED;
    const uris = request.query.getAll('uris');
    if (uris.length === 0) throw new Error('uris missing');
    return { body: { posts: uris.map((uri) => posts.get(uri)).filter(Boolean) } };
  });

  return { add };
}
