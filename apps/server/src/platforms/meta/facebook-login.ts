import { appTokenCheck, CLIENT_CHECK_TIMEOUT_MS, clientCredentials } from '../oauth';
import {
  type AuthorizationRequest,
  type CallContext,
  type ClientCheck,
  type CodeExchange,
  PlatformError,
} from '../types';
import { GRAPH_VERSION, graphRequest } from './graph';

/** Facebook Login (authorization code, no PKCE): shared by the Facebook Pages and Instagram connectors. */
export const FACEBOOK_LOGIN_URLS = {
  api: `https://graph.facebook.com/${GRAPH_VERSION}`,
  authorize: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
  token: `https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token`,
} as const;

export function facebookLoginUrl(
  ctx: CallContext,
  request: AuthorizationRequest,
  scopes: readonly string[],
): string {
  const url = new URL(ctx.settings.urls.authorize ?? FACEBOOK_LOGIN_URLS.authorize);
  url.searchParams.set('client_id', ctx.settings.clientId ?? '');
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('state', request.state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', [...scopes, ...(request.scopes ?? [])].join(','));
  return url.toString();
}

/** The keys' check (docs/platform-setup.md): an app access token, `grant_type=client_credentials`. */
export async function checkFacebookApp(ctx: CallContext, platformName: string): Promise<ClientCheck> {
  const { clientId, clientSecret } = clientCredentials(ctx.settings, platformName);
  const { body } = await graphRequest<unknown>(ctx, {
    url: ctx.settings.urls.token ?? FACEBOOK_LOGIN_URLS.token,
    query: { client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' },
    timeoutMs: CLIENT_CHECK_TIMEOUT_MS,
  });
  return appTokenCheck(body, platformName);
}

interface TokenAnswer {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
}

/** code → short-lived user token → long-lived user token (`fb_exchange_token`, about 60 days). */
export async function exchangeForLongLivedUserToken(
  ctx: CallContext,
  exchange: CodeExchange,
  platformName: string,
): Promise<{ accessToken: string; expiresAt?: Date }> {
  const { clientId, clientSecret } = clientCredentials(ctx.settings, platformName);
  const tokenUrl = ctx.settings.urls.token ?? FACEBOOK_LOGIN_URLS.token;
  const short = await graphRequest<TokenAnswer>(ctx, {
    url: tokenUrl,
    query: {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uri: exchange.redirectUri,
      code: exchange.code,
    },
  });
  if (!short.body.access_token) throw new PlatformError('retry', `${platformName} returned no access token.`);
  const long = await graphRequest<TokenAnswer>(ctx, {
    url: tokenUrl,
    query: {
      grant_type: 'fb_exchange_token',
      client_id: clientId,
      client_secret: clientSecret,
      fb_exchange_token: short.body.access_token,
    },
  });
  if (!long.body.access_token)
    throw new PlatformError('retry', `${platformName} returned no long-lived token.`);
  return {
    accessToken: long.body.access_token,
    expiresAt: long.body.expires_in ? new Date(Date.now() + long.body.expires_in * 1000) : undefined,
  };
}

/** The Graph API base for Facebook Pages and Instagram (the configured `api` URL, else graph.facebook.com). */
export function facebookGraphApi(ctx: CallContext): string {
  return ctx.settings.urls.api ?? FACEBOOK_LOGIN_URLS.api;
}

export interface FacebookPage {
  id: string;
  name: string;
  access_token?: string;
  picture?: { data?: { url?: string } };
  instagram_business_account?: { id: string; username?: string; name?: string; profile_picture_url?: string };
}

/** The Pages the user manages, with a Page access token each (`/me/accounts`). */
export async function listManagedPages(
  ctx: CallContext,
  userToken: string,
  fields: string,
): Promise<FacebookPage[]> {
  const answer = await graphRequest<{ data?: FacebookPage[] }>(ctx, {
    url: `${facebookGraphApi(ctx)}/me/accounts`,
    query: { fields, limit: 100 },
    token: userToken,
  });
  return answer.body.data ?? [];
}
