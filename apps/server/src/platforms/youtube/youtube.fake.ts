import { randomBytes } from 'node:crypto';
import { createOAuthFake } from '../testing/oauth.fake';
import type { CommentOnFake } from '../testing/server.fake';
import {
  type FakeRequest,
  type FakeResponse,
  type PlatformFake,
  type PlatformFakeOptions,
  type PublishedOnFake,
  startFakeServer,
} from '../testing/server.fake';

/**
 * A stand-in for Google OAuth and the YouTube Data API v3: authorize (PKCE required, `access_type=offline`
 * checked), token and refresh (a refresh answer carries no new refresh token, like Google), `channels?mine=true`,
 * the resumable upload (the session POST checks the metadata and `X-Upload-Content-Length`, the PUT must carry
 * exactly that many bytes), the uploads playlist (`playlistItems`) and `search?forMine=true`.
 */

interface UploadSession {
  accountId: string;
  length: number;
  contentType: string;
  title: string;
  description: string;
}

function googleError(status: number, reason: string, message: string): FakeResponse {
  return {
    status,
    body: { error: { code: status, message, errors: [{ message, domain: 'youtube.video', reason }] } },
  };
}

/** Counts are strings in the Data API; a hidden subscriber count is omitted with `hiddenSubscriberCount`. */
function channelStatistics(subscribers: number) {
  return subscribers < 0
    ? { viewCount: '0', hiddenSubscriberCount: true, videoCount: '0' }
    : { viewCount: '0', subscriberCount: String(subscribers), hiddenSubscriberCount: false, videoCount: '0' };
}

const UNAUTHORIZED = googleError(401, 'authError', 'Request had invalid authentication credentials.');

export interface YouTubeFake extends PlatformFake {
  /** Subscribers per channel id (`statistics.subscriberCount` of channels.list; -1 = hidden by the owner). */
  subscribers: Map<string, number>;
}

// function-budget: a fake platform for tests: one server whose short routes imitate its API and share its state
export async function startYouTubeFake(options: PlatformFakeOptions = {}): Promise<YouTubeFake> {
  const server = await startFakeServer({ latencyMs: options.latencyMs });
  const subscribers = new Map<string, number>();
  const published: PublishedOnFake[] = [];
  const comments: CommentOnFake[] = [];
  const sessions = new Map<string, UploadSession>();
  const oauth = createOAuthFake({
    clientId: options.clientId ?? 'test-client-id',
    clientSecret: options.clientSecret ?? 'test-client-secret',
    pkce: 'required',
    clientAuth: 'either',
    refresh: 'keep',
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3599,
    accountPrefix: 'UC',
    checkAuthorize(request) {
      if (request.query.get('access_type') !== 'offline') throw new Error('access_type=offline missing');
      const scopes = request.query.get('scope')?.split(' ') ?? [];
      if (!scopes.includes('https://www.googleapis.com/auth/youtube.upload'))
        throw new Error('scope youtube.upload missing');
    },
  });
  const authed =
    (handler: (request: FakeRequest, accountId: string) => FakeResponse | Promise<FakeResponse>) =>
    (request: FakeRequest) => {
      const accountId = oauth.accountOf(request);
      return accountId ? handler(request, accountId) : UNAUTHORIZED;
    };

  server.route('GET', '/o/oauth2/v2/auth', (request) => oauth.authorize(request));
  server.route('POST', '/token', (request) => oauth.token(request));
  server.route(
    'GET',
    '/youtube/v3/channels',
    authed((request, accountId) => {
      const id = request.query.get('id');
      if (request.query.get('mine') !== 'true' && !id) throw new Error('expected mine=true or id');
      if (id && id !== accountId) return { body: { kind: 'youtube#channelListResponse', items: [] } };
      return {
        body: {
          kind: 'youtube#channelListResponse',
          items: [
            {
              kind: 'youtube#channel',
              id: accountId,
              snippet: {
                title: `Channel ${accountId}`,
                customUrl: `@channel${accountId.toLowerCase()}`,
                thumbnails: { default: { url: `https://yt3.ggpht.com/${accountId}=s88` } },
              },
              contentDetails: { relatedPlaylists: { likes: '', uploads: `UU${accountId.slice(2)}` } },
              ...(request.query.get('part')?.includes('statistics')
                ? { statistics: channelStatistics(subscribers.get(accountId) ?? 0) }
                : {}),
            },
          ],
        },
      };
    }),
  );
  server.route(
    'POST',
    '/upload/youtube/v3/videos',
    authed((request, accountId) => {
      if (request.query.get('uploadType') !== 'resumable') throw new Error('expected uploadType=resumable');
      if (!request.query.get('part')?.includes('snippet')) throw new Error('part must include snippet');
      const length = Number(request.headers['x-upload-content-length']);
      const contentType = String(request.headers['x-upload-content-type'] ?? '');
      if (!(length > 0)) throw new Error('missing X-Upload-Content-Length');
      if (!contentType.startsWith('video/')) throw new Error('X-Upload-Content-Type must be a video type');
      const snippet = (request.body?.snippet ?? {}) as { title?: string; description?: string };
      const title = snippet.title ?? '';
      if (!title || [...title].length > 100 || /[<>]/.test(title)) {
        return googleError(400, 'invalidTitle', 'The request metadata specifies an invalid video title.');
      }
      const id = randomBytes(10).toString('hex');
      sessions.set(id, { accountId, length, contentType, title, description: snippet.description ?? '' });
      return {
        status: 200,
        headers: { location: `${server.url}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${id}` },
      };
    }),
  );
  server.route(
    'PUT',
    '/upload/youtube/v3/videos',
    authed((request, accountId) => {
      const uploadId = request.query.get('upload_id') ?? '';
      const session = sessions.get(uploadId);
      if (!session) throw new Error(`PUT to unknown upload session ${uploadId}`);
      if (session.accountId !== accountId) throw new Error('upload session of another channel');
      if (request.raw.length !== session.length)
        throw new Error(`uploaded ${request.raw.length} of ${session.length} bytes`);
      sessions.delete(uploadId);
      const id = randomBytes(6).toString('base64url').slice(0, 11);
      const text = session.description ? `${session.title}\n${session.description}` : session.title;
      published.push({ id, accountId, text, mediaIds: [uploadId], createdAt: new Date() });
      return {
        status: 200,
        body: {
          kind: 'youtube#video',
          id,
          snippet: { title: session.title, description: session.description, channelId: accountId },
          status: { uploadStatus: 'uploaded', privacyStatus: 'public' },
        },
      };
    }),
  );
  server.route(
    'GET',
    '/youtube/v3/playlistItems',
    authed((request, accountId) => {
      if (request.query.get('playlistId') !== `UU${accountId.slice(2)}`) {
        return googleError(
          404,
          'playlistNotFound',
          'The playlist identified with the request’s playlistId parameter cannot be found.',
        );
      }
      const items = published
        .filter((post) => post.accountId === accountId)
        .reverse()
        .slice(0, Number(request.query.get('maxResults') ?? 5))
        .map((post) => {
          const [title = '', ...rest] = post.text.split('\n');
          return {
            kind: 'youtube#playlistItem',
            snippet: {
              title,
              description: rest.join('\n'),
              publishedAt: post.createdAt.toISOString(),
              channelId: accountId,
              resourceId: { kind: 'youtube#video', videoId: post.id },
            },
          };
        });
      return { body: { kind: 'youtube#playlistItemListResponse', items } };
    }),
  );
  server.route(
    'GET',
    '/youtube/v3/search',
    authed((request, accountId) => {
      if (request.query.get('forMine') !== 'true' || request.query.get('type') !== 'video') {
        throw new Error('expected forMine=true&type=video');
      }
      const items = published
        .filter((post) => post.accountId === accountId)
        .reverse()
        .map((post) => {
          const [title = '', ...rest] = post.text.split('\n');
          return {
            kind: 'youtube#searchResult',
            id: { kind: 'youtube#video', videoId: post.id },
            snippet: {
              title,
              description: rest.join('\n'),
              publishedAt: post.createdAt.toISOString(),
              channelId: accountId,
            },
          };
        });
      return { body: { kind: 'youtube#searchListResponse', items } };
    }),
  );

  // commentThreads.insert: the first comment on a video the fake published.
  server.route(
    'POST',
    '/youtube/v3/commentThreads',
    authed((request, accountId) => {
      if (request.query.get('part') !== 'snippet') throw new Error('part=snippet expected');
      const snippet = request.body?.snippet as
        | { videoId?: string; topLevelComment?: { snippet?: { textOriginal?: string } } }
        | undefined;
      const post = published.find((candidate) => candidate.id === snippet?.videoId);
      if (!post) return { status: 404, body: { error: { code: 404, message: 'Video not found.' } } };
      const text = snippet?.topLevelComment?.snippet?.textOriginal;
      if (!text) throw new Error('snippet.topLevelComment.snippet.textOriginal missing');
      const id = `Ug${randomBytes(8).toString('hex')}`;
      comments.push({ id, accountId, postId: post.id, text });
      return { body: { id, snippet: { videoId: post.id } } };
    }),
  );

  return { server, url: server.url, published, subscribers, comments, close: () => server.close() };
}
