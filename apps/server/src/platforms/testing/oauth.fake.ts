import { createHash, randomBytes } from 'node:crypto';
import type { FakeRequest, FakeResponse } from './server.fake';

/**
 * The OAuth 2 part shared by the platform fakes: an authorize page that consents at once (302 back to the
 * redirect URI with `code` and `state`), a token endpoint for `authorization_code` and `refresh_token` grants that
 * checks client credentials, the code, the redirect URI and the PKCE verifier (S256), and bearer-token lookup.
 * Each authorization yields a distinct account: from `login_hint` when given, else a counter.
 */

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function token(prefix: string): string {
  return `${prefix}-${randomBytes(12).toString('hex')}`;
}

export interface OAuthFakeOptions {
  clientId: string;
  clientSecret: string;
  /** Whether a code_challenge (S256) is required on authorize and a verifier on the token call. */
  pkce: 'required' | 'optional' | 'none';
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'basic' | 'body' | 'either';
  /** Whether refresh tokens are issued (and whether each refresh rotates them). */
  refresh: 'none' | 'rotate' | 'keep';
  /** Access-token lifetime; undefined = no expiry. */
  accessTokenTtlSeconds?: number;
  /** Account ids issued by the counter: `${accountPrefix}${n}`. */
  accountPrefix: string;
  /**
   * Apps registered at runtime (Mastodon's POST /api/v1/apps): client id → secret. When given, these clients are
   * accepted besides `clientId`/`clientSecret`.
   */
  clients?: Map<string, string>;
  /** Extra checks on the authorize request (scopes…); throw to record a violation. */
  checkAuthorize?(request: FakeRequest): void;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge?: string;
  accountId: string;
  scope: string;
}

export interface OAuthFake {
  authorize(request: FakeRequest): FakeResponse;
  token(request: FakeRequest): FakeResponse;
  /** The account a bearer token belongs to; undefined when unknown or expired. Throws when no bearer is sent. */
  accountOf(request: FakeRequest): string | undefined;
  /** Every account authorized so far. */
  accounts: Set<string>;
  /** Issues a token pair for an account directly (tests that skip the authorize step). */
  issue(accountId: string): { accessToken: string; refreshToken?: string };
  /** Makes every access token of the account expire now. */
  expireAccessTokens(accountId: string): void;
}

function oauthError(error: string, description: string, status = 400): FakeResponse {
  return { status, body: { error, error_description: description } };
}

// function-budget: a fake platform for tests: one server whose short routes imitate its API and share its state
export function createOAuthFake(options: OAuthFakeOptions): OAuthFake {
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, { accountId: string; expiresAt?: number }>();
  const refreshTokens = new Map<string, string>();
  const accounts = new Set<string>();
  let counter = 0;

  function issue(accountId: string) {
    accounts.add(accountId);
    const accessToken = token('at');
    accessTokens.set(accessToken, {
      accountId,
      expiresAt: options.accessTokenTtlSeconds
        ? Date.now() + options.accessTokenTtlSeconds * 1000
        : undefined,
    });
    let refreshToken: string | undefined;
    if (options.refresh !== 'none') {
      refreshToken = token('rt');
      refreshTokens.set(refreshToken, accountId);
    }
    return { accessToken, refreshToken };
  }

  function answer(accountId: string, scope: string, refreshToken?: string): FakeResponse {
    const issued = issue(accountId);
    return {
      body: {
        token_type: 'bearer',
        access_token: issued.accessToken,
        ...(options.accessTokenTtlSeconds ? { expires_in: options.accessTokenTtlSeconds } : {}),
        ...((refreshToken ?? issued.refreshToken)
          ? { refresh_token: refreshToken ?? issued.refreshToken }
          : {}),
        scope,
      },
    };
  }

  function clientOf(request: FakeRequest): { id?: string; secret?: string } {
    const header = request.headers.authorization;
    if (header?.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
      if (options.clientAuth === 'body') throw new Error('client credentials must be sent in the body');
      return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
    }
    if (options.clientAuth === 'basic') throw new Error('client credentials must be sent with HTTP Basic');
    return { id: request.body?.client_id as string, secret: request.body?.client_secret as string };
  }

  return {
    accounts,
    issue,
    authorize(request) {
      const q = request.query;
      const redirectUri = q.get('redirect_uri');
      if (q.get('response_type') !== 'code') throw new Error('response_type must be code');
      const clientId = q.get('client_id') ?? '';
      if (clientId !== options.clientId && !options.clients?.has(clientId)) {
        throw new Error(`unknown client_id ${clientId}`);
      }
      if (!redirectUri) throw new Error('missing redirect_uri');
      if (!q.get('state')) throw new Error('missing state');
      const challenge = q.get('code_challenge') ?? undefined;
      if (options.pkce === 'required' && !challenge) throw new Error('missing code_challenge');
      if (challenge && q.get('code_challenge_method') !== 'S256')
        throw new Error('code_challenge_method must be S256');
      if (options.pkce === 'none' && challenge) throw new Error('this platform takes no PKCE');
      options.checkAuthorize?.(request);
      counter += 1;
      const accountId = q.get('login_hint')
        ? `${options.accountPrefix}${q.get('login_hint')}`
        : `${options.accountPrefix}${counter}`;
      const code = token('code');
      grants.set(code, {
        clientId,
        redirectUri,
        challenge,
        accountId,
        scope: q.get('scope') ?? '',
      });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', q.get('state') ?? '');
      return { redirect: target.toString() };
    },
    token(request) {
      const client = clientOf(request);
      const known =
        (client.id === options.clientId && client.secret === options.clientSecret) ||
        (client.id !== undefined &&
          client.secret !== undefined &&
          options.clients?.get(client.id) === client.secret);
      if (!known) return oauthError('invalid_client', 'Client authentication failed.', 401);
      const body = request.body ?? {};
      if (body.grant_type === 'authorization_code') {
        const grant = grants.get(String(body.code));
        if (!grant)
          return oauthError('invalid_grant', 'The authorization code is invalid or was already used.');
        grants.delete(String(body.code));
        if (grant.clientId !== client.id)
          return oauthError('invalid_grant', 'The code was issued to another client.');
        if (body.redirect_uri !== grant.redirectUri) {
          return oauthError('invalid_grant', 'The redirect_uri does not match the authorization request.');
        }
        if (grant.challenge) {
          if (typeof body.code_verifier !== 'string' || s256(body.code_verifier) !== grant.challenge) {
            return oauthError(
              'invalid_grant',
              'Value passed for the code verifier did not match the code challenge.',
            );
          }
        }
        return answer(grant.accountId, grant.scope);
      }
      if (body.grant_type === 'refresh_token' && options.refresh !== 'none') {
        const accountId = refreshTokens.get(String(body.refresh_token));
        if (!accountId) return oauthError('invalid_grant', 'The refresh token is invalid or revoked.');
        if (options.refresh === 'rotate') {
          refreshTokens.delete(String(body.refresh_token));
          return answer(accountId, '');
        }
        const issued = issue(accountId);
        if (issued.refreshToken) refreshTokens.delete(issued.refreshToken);
        return {
          body: {
            token_type: 'bearer',
            access_token: issued.accessToken,
            ...(options.accessTokenTtlSeconds ? { expires_in: options.accessTokenTtlSeconds } : {}),
          },
        };
      }
      return oauthError('unsupported_grant_type', `grant_type ${String(body.grant_type)} is not supported`);
    },
    accountOf(request) {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) throw new Error('missing Authorization: Bearer');
      const found = accessTokens.get(header.slice(7));
      if (!found) return undefined;
      if (found.expiresAt !== undefined && found.expiresAt <= Date.now()) return undefined;
      return found.accountId;
    },
    expireAccessTokens(accountId) {
      for (const entry of accessTokens.values()) if (entry.accountId === accountId) entry.expiresAt = 0;
    },
  };
}

/** Reads a multipart/form-data body (the fakes receive small uploads): fields as text, files as bytes. */
export async function parseMultipart(
  request: FakeRequest,
): Promise<{ fields: Record<string, string>; files: Record<string, Buffer>; types: Record<string, string> }> {
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data'))
    throw new Error(`expected multipart/form-data, got ${contentType}`);
  const form = await new Response(new Uint8Array(request.raw), {
    headers: { 'content-type': contentType },
  }).formData();
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  const types: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else {
      files[name] = Buffer.from(await value.arrayBuffer());
      types[name] = value.type;
    }
  }
  return { fields, files, types };
}
