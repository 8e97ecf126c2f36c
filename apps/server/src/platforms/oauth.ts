import { PlatformError, type TokenSet } from './types';

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
