import { expectFields, type FakeRequest, type FakeResponse, type PlatformFake } from '../testing/server.fake';

/**
 * Engagement routes on the LinkedIn fake: `POST /rest/reactions?actor=` and `POST /rest/socialActions/{urn}/comments`,
 * checking the versioned REST headers, a bearer token and that the actor is a member URN.
 */

export interface LinkedInEngagementFake {
  reactions: { actor: string; root: string; reactionType: string }[];
  comments: { target: string; actor: string; object: string; text: string; parentComment?: string }[];
}

function check(request: FakeRequest): FakeResponse | undefined {
  if (!/^Bearer \S+$/.test(request.headers.authorization ?? '')) {
    return {
      status: 401,
      body: { status: 401, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' },
    };
  }
  if (!request.headers['linkedin-version']) throw new Error('missing Linkedin-Version header');
  if (request.headers['x-restli-protocol-version'] !== '2.0.0')
    throw new Error('missing X-Restli-Protocol-Version');
  return undefined;
}

export function addLinkedInEngagementRoutes(fake: Pick<PlatformFake, 'server'>): LinkedInEngagementFake {
  const reactions: LinkedInEngagementFake['reactions'] = [];
  const comments: LinkedInEngagementFake['comments'] = [];

  fake.server.route('POST', '/rest/reactions', (request) => {
    const refused = check(request);
    if (refused) return refused;
    const actor = request.query.get('actor') ?? '';
    if (!actor.startsWith('urn:li:person:')) throw new Error('actor must be a member URN');
    expectFields(request, 'root', 'reactionType');
    reactions.push({
      actor,
      root: String(request.body?.root),
      reactionType: String(request.body?.reactionType),
    });
    return { status: 201, body: {} };
  });

  fake.server.route('POST', '/rest/socialActions/:target/comments', (request) => {
    const refused = check(request);
    if (refused) return refused;
    expectFields(request, 'actor', 'object', 'message');
    const text = (request.body?.message as { text?: string })?.text;
    if (!text) throw new Error('message.text missing');
    const parentComment = request.body?.parentComment as string | undefined;
    comments.push({
      target: request.params.target ?? '',
      actor: String(request.body?.actor),
      object: String(request.body?.object),
      text,
      ...(parentComment ? { parentComment } : {}),
    });
    const id = `urn:li:comment:(${String(request.body?.object)},${7000 + comments.length})`;
    return { status: 201, headers: { 'x-restli-id': id }, body: { commentUrn: id } };
  });

  return { reactions, comments };
}
