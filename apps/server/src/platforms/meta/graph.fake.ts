import { randomBytes } from 'node:crypto';
import type { FakeRequest, FakeResponse, FakeServer, PlatformFakeOptions } from '../testing/server.fake';
import { GRAPH_VERSION } from './graph';

/**
 * Pieces shared by the Meta fakes (Facebook Pages, Instagram, Threads): a token store, the Graph API error shape,
 * and Facebook Login (dialog, code exchange, long-lived exchange, `/me/accounts`). No Vitest imports: the
 * Playwright global setup runs these fakes too.
 */

export interface FakeToken {
  kind: 'short' | 'user' | 'page';
  /** The user id (short/user tokens) or the page id (page tokens). */
  subject: string;
  expiresAt: number;
}

export function newId(prefix: string): string {
  return `${prefix}${randomBytes(6).toString('hex')}`;
}

export function graphError(
  status: number,
  code: number,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return {
    status,
    body: { error: { message, type: 'OAuthException', code, fbtrace_id: newId('trace'), ...extra } },
  } satisfies FakeResponse;
}

/** Graph API's `created_time` format: `2026-01-01T00:00:00+0000`. */
export function graphTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+0000`;
}

export class FakeTokenStore {
  readonly tokens = new Map<string, FakeToken>();

  issue(kind: FakeToken['kind'], subject: string, ttlSeconds: number, prefix = 'EAA'): string {
    const token = `${prefix}${kind}${randomBytes(12).toString('hex')}`;
    this.tokens.set(token, { kind, subject, expiresAt: Date.now() + ttlSeconds * 1000 });
    return token;
  }

  /**
   * The token a request carries (`Authorization: Bearer` or `access_token`), checked for kind and expiry. A request
   * without a token breaks the contract (violation); an unknown or expired one gets Graph's error 190.
   */
  authenticate(
    request: FakeRequest,
    kinds: FakeToken['kind'][],
  ): { ok: true; token: FakeToken } | { ok: false; response: FakeResponse } {
    const header = request.headers.authorization;
    const value = header?.startsWith('Bearer ') ? header.slice(7) : request.query.get('access_token');
    if (!value) throw new Error('no access token (Authorization: Bearer or access_token)');
    const token = this.tokens.get(value);
    if (!token || token.expiresAt < Date.now()) {
      return {
        ok: false,
        response: graphError(400, 190, 'Error validating access token: Session has expired.'),
      };
    }
    if (!kinds.includes(token.kind)) {
      throw new Error(`expected a ${kinds.join(' or ')} token, got a ${token.kind} token`);
    }
    return { ok: true, token };
  }
}

export interface FakePage {
  id: string;
  name: string;
  token: string;
  instagram?: { id: string; username: string; name: string };
}

export interface FacebookLoginFake {
  tokens: FakeTokenStore;
  /** Pages by id; each user's pages by user id. */
  pages: Map<string, FakePage>;
  pagesOfUser: Map<string, string[]>;
}

const LONG_LIVED_SECONDS = 60 * 24 * 3600;

/**
 * Facebook Login on the fake: `GET /<v>/dialog/oauth` consents at once (the user id comes from `login_hint`, else a
 * counter), `GET /<v>/oauth/access_token` trades a code (checking client id, secret and redirect URI) or a short
 * token (`grant_type=fb_exchange_token`), `GET /<v>/me/accounts` lists the user's Pages with Page tokens.
 */
export function installFacebookLogin(
  server: FakeServer,
  options: PlatformFakeOptions,
  makePages: (userId: string, index: number) => Omit<FakePage, 'token'>[],
): FacebookLoginFake {
  const clientId = options.clientId ?? 'test-client-id';
  const clientSecret = options.clientSecret ?? 'test-client-secret';
  const tokens = new FakeTokenStore();
  const codes = new Map<string, { userId: string; redirectUri: string }>();
  const pages = new Map<string, FakePage>();
  const pagesOfUser = new Map<string, string[]>();
  let users = 0;
  const base = `/${GRAPH_VERSION}`;

  server.route('GET', `${base}/dialog/oauth`, (request) => {
    const q = request.query;
    if (q.get('client_id') !== clientId) throw new Error(`unknown client_id ${q.get('client_id')}`);
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri) throw new Error('missing redirect_uri');
    if (q.get('response_type') !== 'code') throw new Error('response_type must be code');
    if (!q.get('state')) throw new Error('missing state');
    if (!q.get('scope')) throw new Error('missing scope');
    users += 1;
    const userId = q.get('login_hint') || `${100000 + users}`;
    if (!pagesOfUser.has(userId)) {
      const created = makePages(userId, users).map((page) => ({
        ...page,
        token: tokens.issue('page', page.id, 10 * 365 * 24 * 3600),
      }));
      for (const page of created) pages.set(page.id, page);
      pagesOfUser.set(
        userId,
        created.map((p) => p.id),
      );
    }
    const code = newId('code');
    codes.set(code, { userId, redirectUri });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', q.get('state') ?? '');
    return { redirect: target.toString() };
  });

  server.route('GET', `${base}/oauth/access_token`, (request) => {
    const q = request.query;
    if (q.get('client_id') !== clientId || q.get('client_secret') !== clientSecret) {
      return graphError(400, 1, 'Error validating client secret.');
    }
    if (q.get('grant_type') === 'fb_exchange_token') {
      const short = tokens.tokens.get(q.get('fb_exchange_token') ?? '');
      if (!short || short.expiresAt < Date.now()) {
        return graphError(400, 190, 'Error validating access token: Session has expired.');
      }
      return {
        body: {
          access_token: tokens.issue('user', short.subject, LONG_LIVED_SECONDS),
          token_type: 'bearer',
          expires_in: LONG_LIVED_SECONDS,
        },
      };
    }
    if (q.get('grant_type') === 'client_credentials') {
      // An app access token: what the key check asks for (docs/platform-setup.md).
      return { body: { access_token: `${clientId}|app-token`, token_type: 'bearer' } };
    }
    const code = codes.get(q.get('code') ?? '');
    if (!code) return graphError(400, 100, 'This authorization code has been used.');
    if (code.redirectUri !== q.get('redirect_uri')) {
      return graphError(
        400,
        100,
        'Error validating verification code. Please make sure your redirect_uri is identical.',
      );
    }
    codes.delete(q.get('code') ?? '');
    const ttl = options.accessTokenTtlSeconds ?? 3600;
    return {
      body: { access_token: tokens.issue('short', code.userId, ttl), token_type: 'bearer', expires_in: ttl },
    };
  });

  server.route('GET', `${base}/me/accounts`, (request) => {
    const auth = tokens.authenticate(request, ['user', 'short']);
    if (!auth.ok) return auth.response;
    const fields = request.query.get('fields') ?? '';
    const data = (pagesOfUser.get(auth.token.subject) ?? []).map((id) => {
      const page = pages.get(id) as FakePage;
      return {
        id: page.id,
        name: page.name,
        access_token: page.token,
        picture: { data: { url: `${server.url}/avatars/${page.id}.png` } },
        ...(fields.includes('instagram_business_account') && page.instagram
          ? {
              instagram_business_account: {
                id: page.instagram.id,
                username: page.instagram.username,
                name: page.instagram.name,
                profile_picture_url: `${server.url}/avatars/${page.instagram.id}.png`,
              },
            }
          : {}),
      };
    });
    return { body: { data, paging: { cursors: { before: 'b', after: 'a' } } } };
  });

  return { tokens, pages, pagesOfUser };
}
