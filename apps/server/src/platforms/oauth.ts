import { type DescribeError, genericErrorMessage, platformRequest } from './http';
import { type CallContext, type ClientCheck, PlatformError, type TokenSet } from './types';

/** The standard OAuth 2 token answer (RFC 6749 §5.1). */
export interface OAuthTokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  scope?: string;
  token_type?: string;
}

/**
 * Turns a token answer into a TokenSet. A refresh answer without a refresh token yields a TokenSet without one
 * (the caller keeps the stored token: never overwrite it with an empty one).
 */
export function tokenSetFromAnswer(answer: OAuthTokenAnswer | null, now = Date.now()): TokenSet {
  if (!answer?.access_token)
    throw new PlatformError('retry', 'The platform answered without an access token.');
  const expiresIn = Number(answer.expires_in);
  const tokens: TokenSet = { accessToken: answer.access_token };
  if (answer.refresh_token) tokens.refreshToken = answer.refresh_token;
  if (Number.isFinite(expiresIn) && expiresIn > 0) tokens.expiresAt = new Date(now + expiresIn * 1000);
  if (answer.scope) tokens.scopes = answer.scope.split(/[\s,]+/).filter(Boolean);
  return tokens;
}

/** `Authorization: Basic base64(client_id:client_secret)` (RFC 6749 §2.3.1, form-encoded parts). */
export function basicAuth(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value);
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}

/** The app's client credentials, or a clear error when the operator has not configured them. */
export function clientCredentials(settings: { clientId?: string; clientSecret?: string }, name: string) {
  if (!settings.clientId || !settings.clientSecret) {
    throw new PlatformError('refuse', `${name} is not configured on this server (client id and secret).`);
  }
  return { clientId: settings.clientId, clientSecret: settings.clientSecret };
}

/** OAuth error answers: an invalid or revoked grant/token means the user must connect again. */
export function isTokenError(code: unknown): boolean {
  return code === 'invalid_grant' || code === 'invalid_token' || code === 'unauthorized_client';
}

/**
 * The authorization-code request URL (RFC 6749 §4.1.1): response_type, client_id, redirect_uri, the scopes joined
 * by spaces and state, then the PKCE S256 challenge when there is one (RFC 7636), then any extra parameters.
 */
export function authorizationCodeUrl(
  authorizeUrl: string | URL,
  params: {
    clientId: string;
    redirectUri: string;
    scopes: readonly string[];
    state: string;
    codeChallenge?: string;
    extra?: Record<string, string>;
  },
): string {
  const target = new URL(authorizeUrl);
  target.searchParams.set('response_type', 'code');
  target.searchParams.set('client_id', params.clientId);
  target.searchParams.set('redirect_uri', params.redirectUri);
  target.searchParams.set('scope', params.scopes.join(' '));
  target.searchParams.set('state', params.state);
  if (params.codeChallenge) {
    target.searchParams.set('code_challenge', params.codeChallenge);
    target.searchParams.set('code_challenge_method', 'S256');
  }
  for (const [name, value] of Object.entries(params.extra ?? {})) target.searchParams.set(name, value);
  return target.toString();
}

/**
 * A token request with the client credentials in the form body (`client_secret_post`, RFC 6749 §2.3.1); `name` is
 * the platform's name for the "not configured" error.
 */
export async function clientSecretPostToken(
  ctx: CallContext,
  name: string,
  tokenUrl: string,
  form: Record<string, string>,
  describe: DescribeError,
): Promise<TokenSet> {
  const client = clientCredentials(ctx.settings, name);
  const { body } = await platformRequest<OAuthTokenAnswer>(
    ctx,
    {
      method: 'POST',
      url: tokenUrl,
      body: { form: { ...form, client_id: client.clientId, client_secret: client.clientSecret } },
    },
    describe,
  );
  return tokenSetFromAnswer(body);
}

// Checking the operator's keys (docs/platform-setup.md) -------------------------------------------------------

/** A key check is one short request: it answers within this long or says the platform could not be reached. */
export const CLIENT_CHECK_TIMEOUT_MS = 10_000;

/** The made-up authorization code a key check sends: no platform issued it, so none can accept it. */
export const CLIENT_CHECK_CODE = 'relaycast-key-check';

/** A PKCE verifier for that made-up code (43 characters, RFC 7636 §4.1), for platforms that expect one. */
export const CLIENT_CHECK_VERIFIER = 'relaycast-key-check-verifier-0000000000000000';

/** OAuth errors that mean the client itself was not recognised (RFC 6749 §5.2; X answers `unauthorized_client`). */
const CLIENT_ERRORS = new Set(['invalid_client', 'unauthorized_client']);

const describeTokenError: DescribeError = (_status, body) => {
  const record = (body && typeof body === 'object' ? body : {}) as { error?: unknown };
  return {
    message: genericErrorMessage(body),
    platformCode: typeof record.error === 'string' ? record.error : undefined,
  };
};

/**
 * Checks the keys at a token endpoint with an authorization-code request whose code is made up. An OAuth server
 * authenticates the client before it reads the code (RFC 6749 §3.2.1): a 401 or `invalid_client` means the keys are
 * wrong; a 400 with another error (`invalid_grant`, `invalid_request`) means it knew the client and refused only
 * the code. `clientAuth` is how the connector sends its keys when it exchanges a real code.
 */
export async function checkClientWithMadeUpCode(
  ctx: CallContext,
  name: string,
  request: { tokenUrl: string; clientAuth: 'basic' | 'body'; form?: Record<string, string> },
): Promise<ClientCheck> {
  const client = clientCredentials(ctx.settings, name);
  const form: Record<string, string> = {
    grant_type: 'authorization_code',
    code: CLIENT_CHECK_CODE,
    redirect_uri: ctx.settings.redirectUri,
    ...request.form,
    ...(request.clientAuth === 'body'
      ? { client_id: client.clientId, client_secret: client.clientSecret }
      : { client_id: client.clientId }),
  };
  const headers: Record<string, string> =
    request.clientAuth === 'basic' ? { authorization: basicAuth(client.clientId, client.clientSecret) } : {};
  try {
    await platformRequest(
      ctx,
      {
        method: 'POST',
        url: request.tokenUrl,
        headers,
        body: { form },
        timeoutMs: CLIENT_CHECK_TIMEOUT_MS,
      },
      describeTokenError,
    );
  } catch (error) {
    const refusedOnlyTheCode =
      error instanceof PlatformError &&
      error.details.status === 400 &&
      !CLIENT_ERRORS.has(error.details.platformCode ?? '');
    if (!refusedOnlyTheCode) throw error;
  }
  return 'client-authentication';
}

/**
 * The answer to a client-credentials grant: an app token proves the keys. Some platforms answer a refusal with
 * 200 and an `error` field (TikTok's OAuth errors), which is a refusal too.
 */
export function appTokenCheck(body: unknown, name: string): ClientCheck {
  const answer = (body && typeof body === 'object' ? body : {}) as {
    access_token?: unknown;
    error?: unknown;
    error_description?: unknown;
  };
  if (typeof answer.access_token === 'string' && answer.access_token !== '') return 'app-token';
  const reason =
    typeof answer.error_description === 'string' && answer.error_description.trim()
      ? answer.error_description.trim()
      : typeof answer.error === 'string'
        ? answer.error
        : `${name} issued no app token for these keys.`;
  throw new PlatformError('refuse', reason);
}
