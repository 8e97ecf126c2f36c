import { MEMBERS_MESSAGES } from '@relaycast/shared/members';
import { crossSiteRefusal, INPUT_MESSAGES } from '@relaycast/shared/messages';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { ACCEPTED_ORIGIN_HEADER, claimedOrigin, isOriginAccepted, linkBaseUrl } from '../lib/request-origin';
import { AUTH_BASE_PATH, type Auth } from '../modules/auth/auth';
import {
  findSessionContext,
  isSessionDueForRefresh,
  readSessionToken,
  type SessionCookieSettings,
} from '../modules/auth/session-lookup';
import {
  authenticatePublicApiRequest,
  isPublicApiRequest,
  type RateLimitState,
  rateLimitHeaders,
} from '../modules/public-api/public-api';
import { resolveWorkspace, type WorkspaceContext } from '../modules/workspaces/workspaces.service';
import { createCredentialLimiter } from './auth-rate-limit';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /** The signed-in user, or an AppError 401. */
    requireUser(): Promise<SessionUser>;
    /** The signed-in user and the workspace they work in; every query on user data is scoped to it. */
    requireWorkspace(): Promise<{ user: SessionUser; workspace: WorkspaceContext }>;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses a state-changing request that a browser sent from a page at an address this server does not accept
 * (lib/request-origin.ts). Browsers always send Origin (or at least Referer and Sec-Fetch-Site) on cross-origin
 * POSTs; requests with none of them (CLI, server to server) carry no ambient cookies of ours and are allowed.
 */
export function isCrossSite(request: FastifyRequest, config: Config): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  const origin = claimedOrigin(request);
  if (origin === 'null') return true;
  if (origin) return !isOriginAccepted(origin, request, config);
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/**
 * Better Auth's list endpoints pass `sortBy` and `filterField` to its database adapter, which throws (a 500 and
 * a logged SERVER_ERROR) on a field the model does not have. The fields each list may name; anything else is a
 * 400 before Better Auth runs (found by the route fuzz test: `list-members?sortBy=é`).
 */
const LIST_FIELDS: Record<string, readonly string[]> = {
  '/organization/list-members': ['id', 'organizationId', 'userId', 'role', 'createdAt'],
};

export function unknownListField(authPath: string, query: URLSearchParams): boolean {
  const fields = LIST_FIELDS[authPath];
  if (!fields) return false;
  return ['sortBy', 'filterField'].some((name) => {
    const value = query.get(name);
    return value !== null && !fields.includes(value);
  });
}

/**
 * Better Auth's organization endpoints that stay reachable: reading, switching the active workspace, and
 * `create` (refused by Better Auth itself with our message). Its member and invitation mutations would skip
 * the role table, so they answer 404: members are managed by modules/members (decision 0042).
 */
const OPEN_ORGANIZATION_PATHS = new Set([
  '/organization/create',
  '/organization/set-active',
  '/organization/list',
  '/organization/get-full-organization',
  '/organization/list-members',
  '/organization/get-active-member',
  '/organization/get-active-member-role',
  '/organization/check-slug',
  '/organization/list-invitations',
  '/organization/list-user-invitations',
  '/organization/get-invitation',
  '/organization/has-permission',
]);

export function isClosedAuthPath(authPath: string): boolean {
  return authPath.startsWith('/organization/') && !OPEN_ORGANIZATION_PATHS.has(authPath);
}

async function forwardToBetterAuth(auth: Auth, config: Config, request: FastifyRequest, reply: FastifyReply) {
  // Better Auth sees the request at the base its links must use (lib/request-origin.ts).
  const url = new URL(request.url, linkBaseUrl(request, config));
  const headers = fromNodeHeaders(request.headers);
  headers.set('host', url.host);
  // Better Auth reads the client IP from X-Forwarded-For: give it the one Fastify derived under TRUST_PROXY,
  // never what an untrusted client wrote.
  headers.set('x-forwarded-for', request.ip);
  headers.delete('x-forwarded-host');
  headers.delete('x-forwarded-proto');
  headers.delete(ACCEPTED_ORIGIN_HEADER);
  const origin = claimedOrigin(request);
  if (origin && origin !== 'null' && isOriginAccepted(origin, request, config)) {
    headers.set(ACCEPTED_ORIGIN_HEADER, origin);
  }
  const hasBody = request.body !== undefined && request.body !== null && UNSAFE_METHODS.has(request.method);
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  return reply.send(text.length > 0 ? text : null);
}

export const authPlugin = fp(
  // function-budget: the auth plugin: its hooks and request decorators share the auth instance and config
  async (app: FastifyInstance, options: { auth: Auth; config: Config; db: Db }) => {
    const { auth, config, db } = options;
    app.decorate('auth', auth);

    // Every state-changing API request from another site is refused before any work (the session cookie is
    // SameSite=Lax already; this also covers pages of another origin on the same site). `Connection: close`
    // because an upload's body may not have been read.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.url.startsWith('/api/') && isCrossSite(request, config)) {
        const origin = claimedOrigin(request);
        request.log.warn(
          {
            origin,
            host: request.host,
            publicUrl: config.publicUrlConfigured ? config.publicUrl : undefined,
          },
          config.publicUrlConfigured
            ? 'refused a request from a page outside PUBLIC_URL and TRUSTED_ORIGINS; add its origin to TRUSTED_ORIGINS if it is yours'
            : 'refused a request whose Origin is not the Host it was sent to; set PUBLIC_URL (or TRUSTED_ORIGINS) to the address people use',
        );
        throw new AppError('CROSS_SITE_REQUEST', {
          message: crossSiteRefusal(origin, config.publicUrlConfigured),
          headers: {
            connection: 'close',
          },
        });
      }
      done();
    });

    // One session lookup per request: the authenticate-first hook and the handler share it.
    const sessions = new WeakMap<FastifyRequest, ReturnType<typeof readSession>>();
    function loadSession(request: FastifyRequest) {
      const cached =
        sessions.get(request) ??
        (isPublicApiRequest(request) ? readApiKeyCaller(request) : readSession(request));
      sessions.set(request, cached);
      return cached;
    }

    // The public API `/api/v1` (modules/public-api/public-api.ts): its caller is an API key's owner, never the
    // session cookie; each answer counts the key's window down in the `RateLimit-*` headers.
    const keyWindows = new WeakMap<FastifyRequest, RateLimitState>();
    async function readApiKeyCaller(request: FastifyRequest) {
      const context = await authenticatePublicApiRequest(db, request, (state) =>
        keyWindows.set(request, state),
      );
      return { user: context.user, workspace: async () => context.workspace };
    }
    app.addHook('onSend', (request, reply, payload, done) => {
      const state = keyWindows.get(request);
      if (state) reply.headers(rateLimitHeaders(state));
      done(null, payload);
    });

    // Better Auth's cookie name, secret and session ages, read once: the fast session lookup must agree with it.
    let cookieSettings: Promise<SessionCookieSettings> | undefined;
    const sessionCookieSettings = () => {
      cookieSettings ??= auth.$context.then((context) => ({
        cookieName: context.authCookies.sessionToken.name,
        secret: context.secret,
        expiresInSeconds: context.sessionConfig.expiresIn,
        updateAgeSeconds: context.sessionConfig.updateAge,
      }));
      return cookieSettings;
    };

    /** Better Auth's own lookup: for a session it must extend or clean up (at most daily per session). */
    async function loadSessionThroughBetterAuth(request: FastifyRequest) {
      const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!session) throw new AppError('UNAUTHORIZED');
      const user: SessionUser = { id: session.user.id, email: session.user.email, name: session.user.name };
      const activeWorkspaceId = session.session.activeOrganizationId;
      return { user, workspace: () => resolveWorkspace(db, user.id, activeWorkspaceId) };
    }

    /**
     * The signed-in user and a way to their workspace, in one SQL statement on the usual path
     * (modules/auth/session-lookup.ts; docs/decisions/0017-request-path-performance.md).
     */
    async function readSession(request: FastifyRequest) {
      const settings = await sessionCookieSettings();
      const token = readSessionToken(request.headers.cookie, settings);
      if (!token) throw new AppError('UNAUTHORIZED');
      const found = await findSessionContext(db, token);
      if (!found) throw new AppError('UNAUTHORIZED');
      if (found.expiresAt.getTime() <= Date.now() || isSessionDueForRefresh(found.expiresAt, settings)) {
        return loadSessionThroughBetterAuth(request);
      }
      const { workspace } = found;
      return {
        user: found.user,
        async workspace() {
          if (!workspace) throw new AppError('UNAUTHORIZED');
          return workspace;
        },
      };
    }

    app.decorateRequest('requireUser', async function (this: FastifyRequest) {
      return (await loadSession(this)).user;
    });

    app.decorateRequest('requireWorkspace', async function (this: FastifyRequest) {
      const { user, workspace } = await loadSession(this);
      return { user, workspace: await workspace() };
    });

    const checkCredentialLimits = createCredentialLimiter(app, config);
    app.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      preHandler: async (request) => {
        const parsed = new URL(request.url, 'http://x');
        const authPath = parsed.pathname.slice(AUTH_BASE_PATH.length);
        if (isClosedAuthPath(authPath)) {
          throw new AppError('NOT_FOUND', { message: MEMBERS_MESSAGES.authEndpointClosed });
        }
        if (unknownListField(authPath, parsed.searchParams)) {
          throw new AppError('VALIDATION_ERROR', { message: INPUT_MESSAGES.unknownListField });
        }
        await checkCredentialLimits(request, authPath);
      },
      config: { auth: 'public' },
      handler: (request, reply) => forwardToBetterAuth(auth, config, request, reply),
    });
  },
);
