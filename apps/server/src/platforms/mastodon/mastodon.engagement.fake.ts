import type { FakeRequest, FakeResponse, PlatformFake } from '../testing/server.fake';

/**
 * Engagement routes on the Mastodon fake: `GET /api/v1/notifications` (mention notifications, newest first,
 * `max_id` paging, `limit`), `POST /api/v1/statuses/:id/favourite`. Replies and direct messages go through the
 * fake's own `POST /api/v1/statuses`. Seeded mentions are served to every signed-in account of the fake.
 */

export interface MastodonSeedMention {
  text: string;
  kind?: 'comment' | 'mention' | 'message';
  /** The status it replies to (comments); defaults to a status id of ours. */
  inReplyToId?: string;
  authorAcct?: string;
  createdAt?: Date;
}

export interface MastodonEngagementFake {
  /** Adds a mention notification (newest first in the list). Returns the status id. */
  addMention(seed: MastodonSeedMention): string;
  /** Status ids favourited, in order. */
  favourites: string[];
}

const UNAUTHORIZED: FakeResponse = { status: 401, body: { error: 'The access token is invalid' } };

function signedIn(request: FakeRequest): boolean {
  return /^Bearer \S+$/.test(request.headers.authorization ?? '');
}

export function addMastodonEngagementRoutes(
  fake: Pick<PlatformFake, 'server' | 'url' | 'replyable'>,
  seeds: MastodonSeedMention[] = [],
): MastodonEngagementFake {
  const notifications: Record<string, unknown>[] = [];
  const favourites: string[] = [];
  let counter = 0;

  function addMention(seed: MastodonSeedMention): string {
    counter += 1;
    const id = `90${String(counter).padStart(6, '0')}`;
    fake.replyable?.add(id);
    const acct = seed.authorAcct ?? `fan${counter}`;
    const kind = seed.kind ?? 'comment';
    notifications.unshift({
      id: `n${id}`,
      type: 'mention',
      created_at: (seed.createdAt ?? new Date()).toISOString(),
      account: {
        id: `fan-${acct}`,
        acct,
        display_name: `Fan ${acct}`,
        avatar: `${fake.url}/avatars/${acct}.png`,
      },
      status: {
        id,
        content: `<p>${seed.text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`,
        url: `${fake.url}/@${acct}/${id}`,
        in_reply_to_id: kind === 'comment' ? (seed.inReplyToId ?? '110000000000000001') : null,
        visibility: kind === 'message' ? 'direct' : 'public',
      },
    });
    return id;
  }
  for (const seed of seeds) addMention(seed);

  fake.server.route('GET', '/api/v1/notifications', (request) => {
    if (!signedIn(request)) return UNAUTHORIZED;
    const types = request.query.getAll('types[]');
    if (types.length > 0 && !types.includes('mention')) return { body: [] };
    const limit = Math.min(Number(request.query.get('limit') ?? 15), 40);
    const maxId = request.query.get('max_id');
    const start = maxId ? notifications.findIndex((n) => n.id === maxId) + 1 : 0;
    return { body: notifications.slice(start, start + limit) };
  });

  fake.server.route('POST', '/api/v1/statuses/:id/favourite', (request) => {
    if (!signedIn(request)) return UNAUTHORIZED;
    const id = request.params.id ?? '';
    const known = notifications.some((n) => (n.status as { id: string }).id === id);
    if (!known) return { status: 404, body: { error: 'Record not found' } };
    favourites.push(id);
    return { body: { id, favourited: true } };
  });

  return { addMention, favourites };
}
