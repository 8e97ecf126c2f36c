import { createHash, randomBytes } from 'node:crypto';
import {
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../../platforms/testing/server.fake';

/**
 * A stand-in for the endpoints cloud import calls (tests and the browser tests' global setup), on the platform
 * fakes' harness; one server is every provider's `<PROVIDER>_BASE_URL` (their paths do not overlap):
 * - Dropbox: `GET /oauth2/authorize`, `POST /oauth2/token`, `POST /2/users/get_current_account`,
 *   `POST /2/files/list_folder` (`path` "" or a folder's `id:`), `POST /2/files/download` (`Dropbox-API-Arg`).
 * - Google: `GET /o/oauth2/v2/auth`, `POST /token`, `GET /drive/v3/about`, `GET /drive/v3/files?q='<id>' in
 *   parents…`, `GET /drive/v3/files/:id?alt=media`.
 * - Microsoft: `GET /common/oauth2/v2.0/authorize`, `POST /common/oauth2/v2.0/token`, `GET /v1.0/me`,
 *   `GET /v1.0/me/drive/root/children`, `…/items/:id/children`, `…/items/:id/content` (302 to a
 *   pre-authenticated download URL, as Graph does).
 * - Canva: `GET /api/oauth/authorize` (PKCE S256 required), `POST /rest/v1/oauth/token` (HTTP Basic),
 *   `GET /rest/v1/users/me/profile`, `GET /rest/v1/designs`, `POST /rest/v1/exports`, `GET /rest/v1/exports/:id`
 *   (in progress once, then success with a signed URL), `GET /export/:job` (the file, no token).
 * The authorize pages answer at once with a redirect back (code and state), as if the user had agreed. Each drive
 * holds a folder "Photos" with red.png, clip.mp4 and notes.txt, and at the top huge.png (over any test limit)
 * and fake.png (text named .png). Tokens are checked; `revoke` and `expireAccessTokens` make them fail.
 * Over 300 lines on purpose: one fake serves the four providers' documented endpoints, so the server tests and
 * the browser tests start one server for all of them.
 */

export type FakeProvider = 'dropbox' | 'google' | 'microsoft' | 'canva';

interface FakeFile {
  id: string;
  name: string;
  parent: string | null;
  folder?: boolean;
  mimeType?: string;
  body?: Buffer;
}

export interface CloudDrivesFake {
  url: string;
  server: FakeServer;
  clientId: string;
  clientSecret: string;
  /** Every token of `provider` stops working, refresh tokens too (the user revoked the app). */
  revoke(provider: FakeProvider): void;
  /** Access tokens stop working; refresh tokens still give new ones. */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

export interface CloudDrivesFakeOptions {
  png: Buffer;
  mp4: Buffer;
  /** Size of huge.png. */
  hugeBytes?: number;
  clientId?: string;
  clientSecret?: string;
  port?: number;
}

function catalogue(options: CloudDrivesFakeOptions): FakeFile[] {
  const huge = Buffer.concat([options.png, Buffer.alloc(options.hugeBytes ?? 5_000_000)]);
  return [
    { id: 'photos', name: 'Photos', parent: null, folder: true },
    { id: 'red', name: 'red.png', parent: 'photos', mimeType: 'image/png', body: options.png },
    { id: 'clip', name: 'clip.mp4', parent: 'photos', mimeType: 'video/mp4', body: options.mp4 },
    { id: 'notes', name: 'notes.txt', parent: 'photos', mimeType: 'text/plain', body: Buffer.from('notes') },
    { id: 'huge', name: 'huge.png', parent: null, mimeType: 'image/png', body: huge },
    { id: 'fake', name: 'fake.png', parent: null, mimeType: 'image/png', body: Buffer.from('not a picture') },
  ];
}

const DESIGNS = [
  { id: 'DAFbanner', title: 'Launch banner' },
  { id: 'DAFpromo', title: 'Promo video' },
  { id: 'DAFbroken', title: 'Broken design' },
];

const oauthError = (error: string, status = 400): FakeResponse => ({ status, body: { error } });
const unauthorized: FakeResponse = { status: 401, body: { error: 'invalid_token' } };
const fileAnswer = (file: FakeFile | undefined): FakeResponse =>
  file?.body
    ? {
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(file.body.length) },
        body: file.body,
      }
    : { status: 404, body: { error: 'not_found' } };

/** The OAuth side of every provider: authorize pages, token endpoints (code and refresh) and the bearer check. */
function fakeOAuth(clientId: string, clientSecret: string) {
  const codes = new Map<string, { provider: FakeProvider; redirectUri: string; challenge?: string }>();
  const access = new Map<string, FakeProvider>();
  const refresh = new Map<string, FakeProvider>();

  const authorize =
    (provider: FakeProvider) =>
    (request: FakeRequest): FakeResponse => {
      const redirectUri = request.query.get('redirect_uri') ?? '';
      if (request.query.get('client_id') !== clientId) return { status: 400, body: 'unknown client_id' };
      const challenge = request.query.get('code_challenge') ?? undefined;
      if (provider === 'canva' && (!challenge || request.query.get('code_challenge_method') !== 'S256')) {
        return { status: 400, body: 'PKCE required' };
      }
      const code = randomBytes(8).toString('hex');
      codes.set(code, { provider, redirectUri, challenge });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', request.query.get('state') ?? '');
      return { redirect: back.toString() };
    };

  const issue = (provider: FakeProvider): FakeResponse => {
    const accessToken = `${provider}-at-${randomBytes(8).toString('hex')}`;
    const refreshToken = `${provider}-rt-${randomBytes(8).toString('hex')}`;
    access.set(accessToken, provider);
    refresh.set(refreshToken, provider);
    return {
      body: {
        access_token: accessToken,
        refresh_token: refreshToken,
        expires_in: 3600,
        token_type: 'bearer',
      },
    };
  };

  const token =
    (provider: FakeProvider) =>
    (request: FakeRequest): FakeResponse => {
      const form = (request.body ?? {}) as Record<string, string>;
      const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      const clientOk =
        provider === 'canva'
          ? request.headers.authorization === basic
          : form.client_id === clientId && form.client_secret === clientSecret;
      if (!clientOk) return oauthError('invalid_client', 401);
      if (form.grant_type === 'refresh_token') {
        if (refresh.get(form.refresh_token ?? '') !== provider) return oauthError('invalid_grant');
        return issue(provider);
      }
      const grant = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (form.grant_type !== 'authorization_code' || !grant || grant.provider !== provider) {
        return oauthError('invalid_grant');
      }
      if (grant.redirectUri !== form.redirect_uri) return oauthError('invalid_grant');
      if (grant.challenge) {
        const computed = createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest('base64url');
        if (computed !== grant.challenge) return oauthError('invalid_grant');
      }
      return issue(provider);
    };

  /** The route's answer when the bearer token is one of `provider`'s, else 401. */
  const withToken =
    (provider: FakeProvider, handler: (request: FakeRequest) => FakeResponse) =>
    (request: FakeRequest): FakeResponse => {
      const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      return access.get(bearer) === provider ? handler(request) : unauthorized;
    };

  return {
    authorize,
    token,
    withToken,
    revoke(provider: FakeProvider) {
      for (const map of [access, refresh]) {
        for (const [key, owner] of map) if (owner === provider) map.delete(key);
      }
    },
    expireAccessTokens: () => access.clear(),
  };
}

interface Kit {
  server: FakeServer;
  oauth: ReturnType<typeof fakeOAuth>;
  childrenOf(parent: string | null): FakeFile[];
  byId(id: string | undefined): FakeFile | undefined;
}

/** Dropbox API v2. */
function routeDropbox({ server, oauth, childrenOf, byId }: Kit) {
  const { authorize, token, withToken } = oauth;
  server.route('GET', '/oauth2/authorize', authorize('dropbox'));
  server.route('POST', '/oauth2/token', token('dropbox'));
  server.route(
    'POST',
    '/2/users/get_current_account',
    withToken('dropbox', () => ({
      body: { name: { display_name: 'Dana Dropbox' }, email: 'dana@dropbox.test' },
    })),
  );
  server.route(
    'POST',
    '/2/files/list_folder',
    withToken('dropbox', (request) => {
      const path = String(request.body?.path ?? '');
      const parent = path === '' ? null : path.replace(/^id:/, '');
      return {
        body: {
          entries: childrenOf(parent).map((file) => ({
            '.tag': file.folder ? 'folder' : 'file',
            id: `id:${file.id}`,
            name: file.name,
            ...(file.folder ? {} : { size: file.body?.length ?? 0 }),
          })),
          cursor: 'c',
          has_more: false,
        },
      };
    }),
  );
  server.route(
    'POST',
    '/2/files/download',
    withToken('dropbox', (request) => {
      const arg = JSON.parse(String(request.headers['dropbox-api-arg'] ?? '{}')) as { path?: string };
      return fileAnswer(byId(arg.path?.replace(/^id:/, '')));
    }),
  );
}

/** Google OAuth and Drive API v3. */
function routeGoogle({ server, oauth, childrenOf, byId }: Kit) {
  const { authorize, token, withToken } = oauth;
  server.route('GET', '/o/oauth2/v2/auth', authorize('google'));
  server.route('POST', '/token', token('google'));
  server.route(
    'GET',
    '/drive/v3/about',
    withToken('google', () => ({
      body: { user: { displayName: 'Gil Google', emailAddress: 'gil@drive.test' } },
    })),
  );
  server.route(
    'GET',
    '/drive/v3/files',
    withToken('google', (request) => {
      const parent = /'([^']*)' in parents/.exec(request.query.get('q') ?? '')?.[1];
      return {
        body: {
          files: childrenOf(parent === 'root' ? null : (parent ?? null)).map((file) => ({
            id: file.id,
            name: file.name,
            mimeType: file.folder ? 'application/vnd.google-apps.folder' : file.mimeType,
            ...(file.body ? { size: String(file.body.length) } : {}),
          })),
        },
      };
    }),
  );
  server.route(
    'GET',
    '/drive/v3/files/:id',
    withToken('google', (request) =>
      request.query.get('alt') === 'media' ? fileAnswer(byId(request.params.id)) : { status: 400 },
    ),
  );
}

/** Microsoft identity platform and Graph (OneDrive). */
function routeMicrosoft({ server, oauth, childrenOf, byId }: Kit) {
  const { authorize, token, withToken } = oauth;
  server.route('GET', '/common/oauth2/v2.0/authorize', authorize('microsoft'));
  server.route('POST', '/common/oauth2/v2.0/token', token('microsoft'));
  server.route(
    'GET',
    '/v1.0/me',
    withToken('microsoft', () => ({
      body: { displayName: 'Oona One', userPrincipalName: 'oona@onedrive.test' },
    })),
  );
  const graphChildren = (parent: string | null) => ({
    body: {
      value: childrenOf(parent).map((file) => ({
        id: file.id,
        name: file.name,
        ...(file.folder
          ? { folder: { childCount: childrenOf(file.id).length } }
          : { file: { mimeType: file.mimeType }, size: file.body?.length ?? 0 }),
      })),
    },
  });
  server.route(
    'GET',
    '/v1.0/me/drive/root/children',
    withToken('microsoft', () => graphChildren(null)),
  );
  server.route(
    'GET',
    '/v1.0/me/drive/items/:id/children',
    withToken('microsoft', (request) => graphChildren(request.params.id ?? null)),
  );
  server.route(
    'GET',
    '/v1.0/me/drive/items/:id/content',
    withToken('microsoft', (request) =>
      byId(request.params.id)
        ? { redirect: `${server.url}/download/onedrive/${request.params.id}` }
        : { status: 404 },
    ),
  );
  server.route('GET', '/download/onedrive/:id', (request) => fileAnswer(byId(request.params.id)));
}

/** Canva Connect: designs and export jobs. */
function routeCanva({ server, oauth, byId }: Kit) {
  const { authorize, token, withToken } = oauth;
  const exportJobs = new Map<string, { design: string; format: string; polls: number }>();
  server.route('GET', '/api/oauth/authorize', authorize('canva'));
  server.route('POST', '/rest/v1/oauth/token', token('canva'));
  server.route(
    'GET',
    '/rest/v1/users/me/profile',
    withToken('canva', () => ({ body: { profile: { display_name: 'Cass Canva' } } })),
  );
  server.route(
    'GET',
    '/rest/v1/designs',
    withToken('canva', () => ({
      body: {
        items: DESIGNS.map((design) => ({
          id: design.id,
          title: design.title,
          thumbnail: { width: 64, height: 64, url: `${server.url}/thumbnails/${design.id}.png` },
        })),
      },
    })),
  );
  server.route(
    'POST',
    '/rest/v1/exports',
    withToken('canva', (request) => {
      const design = String(request.body?.design_id ?? '');
      const format = String((request.body?.format as { type?: string } | undefined)?.type ?? '');
      if (!DESIGNS.some((candidate) => candidate.id === design))
        return { status: 404, body: { code: 'not_found' } };
      const id = randomBytes(6).toString('hex');
      exportJobs.set(id, { design, format, polls: 0 });
      return { body: { job: { id, status: 'in_progress' } } };
    }),
  );
  server.route(
    'GET',
    '/rest/v1/exports/:id',
    withToken('canva', (request) => {
      const id = request.params.id ?? '';
      const job = exportJobs.get(id);
      if (!job) return { status: 404, body: { code: 'not_found' } };
      job.polls += 1;
      if (job.polls < 2) return { body: { job: { id, status: 'in_progress' } } };
      if (job.design === 'DAFbroken') {
        return {
          body: { job: { id, status: 'failed', error: { code: 'internal_failure', message: 'failed' } } },
        };
      }
      return { body: { job: { id, status: 'success', urls: [`${server.url}/export/${id}`] } } };
    }),
  );
  server.route('GET', '/export/:id', (request) => {
    const job = exportJobs.get(request.params.id ?? '');
    if (!job) return { status: 404 };
    return fileAnswer(job.format === 'mp4' ? byId('clip') : byId('red'));
  });
  server.route('GET', '/thumbnails/:name', () => fileAnswer(byId('red')));
}

export async function startCloudDrivesFake(options: CloudDrivesFakeOptions): Promise<CloudDrivesFake> {
  const server = await startFakeServer({ port: options.port });
  const clientId = options.clientId ?? 'cloud-client-id';
  const clientSecret = options.clientSecret ?? 'cloud-client-secret';
  const files = catalogue(options);
  const oauth = fakeOAuth(clientId, clientSecret);
  const kit: Kit = {
    server,
    oauth,
    childrenOf: (parent) => files.filter((file) => file.parent === parent),
    byId: (id) => files.find((file) => file.id === id),
  };
  for (const route of [routeDropbox, routeGoogle, routeMicrosoft, routeCanva]) route(kit);
  return {
    url: server.url,
    server,
    clientId,
    clientSecret,
    revoke: oauth.revoke,
    expireAccessTokens: oauth.expireAccessTokens,
    close: () => server.close(),
  };
}
