import { type DescribeError, platformRequest } from './http';
import { type CallContext, PlatformError, type TokenSet } from './types';

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
