import { type DescribeError, type PlatformRequest, type PlatformResponse, platformRequest } from '../http';
import { appTokenCheck, CLIENT_CHECK_TIMEOUT_MS, clientCredentials } from '../oauth';
import {
  type CallContext,
  type ClientCheck,
  PlatformError,
  type PlatformErrorKind,
  type TokenSet,
} from '../types';

/** TikTok's hosts, error shapes and token endpoint (tiktok.connector.ts uses them). */

export const DEFAULT_URLS = {
  authorize: 'https://www.tiktok.com/v2/auth/authorize/',
  token: 'https://open.tiktokapis.com/v2/oauth/token/',
  api: 'https://open.tiktokapis.com/v2',
} as const;

type Urls = Record<keyof typeof DEFAULT_URLS, string>;

export const urlsOf = (ctx: CallContext): Urls => ({ ...DEFAULT_URLS, ...ctx.settings.urls }) as Urls;

/** Content Posting / Display API error codes (`error.code`) that need something other than the status default. */
const REAUTHORIZE_CODES = new Set([
  'access_token_invalid',
  'scope_not_authorized',
  'scope_permission_missed',
]);
const RETRY_CODES = new Set(['rate_limit_exceeded']);

function kindOfCode(code: string): PlatformErrorKind | undefined {
  if (REAUTHORIZE_CODES.has(code)) return 'reauthorize';
  if (RETRY_CODES.has(code)) return 'retry';
  return undefined;
}

interface TikTokEnvelope<T> {
  data?: T;
  error?: { code?: string; message?: string; log_id?: string };
}

/** Reads `{ error: { code, message } }` (API) or `{ error, error_description }` (OAuth). */
export const describeTikTokError: DescribeError = (_status, body) => {
  const record = body as { error?: unknown; error_description?: string } | null;
  const error = record?.error;
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: string; message?: string };
    if (!code) return undefined;
    return {
      kind: kindOfCode(code),
      message: message?.trim() || `TikTok refused the request (${code}).`,
      platformCode: code,
    };
  }
  if (typeof error === 'string') {
    return { message: record?.error_description?.trim() || error, platformCode: error };
  }
  return undefined;
};

/** A TikTok API call: maps errors, and treats a 2xx answer whose `error.code` is not `ok` as a failure too. */
export async function tiktokApi<T>(ctx: CallContext, request: PlatformRequest): Promise<T> {
  const answer: PlatformResponse<TikTokEnvelope<T>> = await platformRequest(
    ctx,
    request,
    describeTikTokError,
  );
  const code = answer.body?.error?.code;
  if (code && code !== 'ok') {
    throw new PlatformError(
      // TikTok answered and said no: it did not act.
      kindOfCode(code) ?? 'refuse',
      answer.body.error?.message || `TikTok refused the request (${code}).`,
      { status: answer.status, platformCode: code },
    );
  }
  return (answer.body?.data ?? {}) as T;
}

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  open_id?: string;
  refresh_token?: string;
  refresh_expires_in?: number;
  scope?: string;
  error?: string;
  error_description?: string;
}

/** The token endpoint can answer 200 with `{ error, error_description }`. */
export async function tokenCall(ctx: CallContext, form: Record<string, string>, failure: PlatformErrorKind) {
  const describe: DescribeError = (status, body) => {
    const described = describeTikTokError(status, body);
    return described && !described.kind && status < 500 && status !== 429
      ? { ...described, kind: failure }
      : described;
  };
  const answer = await platformRequest<TokenAnswer>(
    ctx,
    { method: 'POST', url: urlsOf(ctx).token, body: { form } },
    describe,
  );
  if (answer.body?.error || !answer.body?.access_token) {
    throw new PlatformError(
      failure,
      answer.body?.error_description || 'TikTok did not issue an access token.',
      {
        status: answer.status,
        platformCode: answer.body?.error,
      },
    );
  }
  const body = answer.body;
  const tokens: TokenSet = { accessToken: body.access_token as string };
  if (body.refresh_token) tokens.refreshToken = body.refresh_token;
  if (body.expires_in) tokens.expiresAt = new Date(Date.now() + body.expires_in * 1000);
  if (body.scope) tokens.scopes = body.scope.split(/[\s,]+/).filter(Boolean);
  return { tokens, openId: body.open_id };
}

/** The keys' check (docs/platform-setup.md): a client access token, `grant_type=client_credentials`. */
export async function checkTikTokClient(ctx: CallContext): Promise<ClientCheck> {
  const { clientId, clientSecret } = clientCredentials(ctx.settings, 'TikTok');
  const answer = await platformRequest<unknown>(
    ctx,
    {
      method: 'POST',
      url: urlsOf(ctx).token,
      body: { form: { client_key: clientId, client_secret: clientSecret, grant_type: 'client_credentials' } },
      timeoutMs: CLIENT_CHECK_TIMEOUT_MS,
    },
    describeTikTokError,
  );
  return appTokenCheck(answer.body, 'TikTok');
}
