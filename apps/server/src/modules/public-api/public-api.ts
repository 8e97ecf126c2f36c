import { API_KEY_MESSAGES, API_KEY_RATE_LIMIT, scopeAllows } from '@relaycast/shared/public-api';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { takeRateLimit } from '../rate-limits/rate-limits.service';
import { type ApiKeyContext, authenticateApiKey } from './api-keys.service';

/**
 * The public API (docs/public-api.md): `/api/v1/<path>` answers exactly as the app's own
 * `/api/<path>` does (same zod schemas, same limits, same error shape), but only for the routes listed here and
 * only with an API key, never with the session cookie. The app's routes never accept a key.
 */
export const PUBLIC_API_BASE = '/api/v1';

export interface PublicApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path under `/api/v1` (and under `/api` in the app); `:id` is one path segment. */
  path: string;
  /** The OpenAPI operationId, also the MCP tool's name. */
  operationId: string;
  summary: string;
}

export const PUBLIC_API_ROUTES: readonly PublicApiRoute[] = [
  {
    method: 'GET',
    path: '/posts',
    operationId: 'listPosts',
    summary: 'List posts (query: from, to, status, q, label, limit).',
  },
  {
    method: 'POST',
    path: '/posts',
    operationId: 'createPost',
    summary: 'Create a draft, a scheduled post or a post to publish now.',
  },
  { method: 'GET', path: '/posts/:id', operationId: 'getPost', summary: 'Read one post with its targets.' },
  {
    method: 'PUT',
    path: '/posts/:id',
    operationId: 'updatePost',
    summary: 'Replace a post that has not been published.',
  },
  {
    method: 'PATCH',
    path: '/posts/:id/schedule',
    operationId: 'reschedulePost',
    summary: 'Move a scheduled post to another time.',
  },
  {
    method: 'POST',
    path: '/posts/:id/duplicate',
    operationId: 'duplicatePost',
    summary: 'Copy a post as a new draft.',
  },
  {
    method: 'DELETE',
    path: '/posts/:id',
    operationId: 'deletePost',
    summary: 'Delete a post (it can be restored from the app).',
  },
  {
    method: 'POST',
    path: '/bulk-import/preview',
    operationId: 'previewBulkImport',
    summary: 'Check a CSV of posts row by row; nothing is saved (docs/bulk-import.md).',
  },
  {
    method: 'POST',
    path: '/bulk-import',
    operationId: 'bulkImport',
    summary: "Import a CSV's good rows as scheduled posts or drafts, all or nothing.",
  },
  {
    method: 'GET',
    path: '/labels',
    operationId: 'listLabels',
    summary: "List the workspace's post labels, by name (docs/labels.md); a post's labelIds name them.",
  },
  {
    method: 'GET',
    path: '/accounts',
    operationId: 'listAccounts',
    summary: 'List the connected social accounts.',
  },
  { method: 'GET', path: '/media', operationId: 'listMedia', summary: 'List the media library.' },
  {
    method: 'POST',
    path: '/media',
    operationId: 'uploadMedia',
    summary: 'Upload an image or a video (multipart/form-data, field "file").',
  },
  { method: 'GET', path: '/media/:id', operationId: 'getMedia', summary: 'Read one media item.' },
  { method: 'DELETE', path: '/media/:id', operationId: 'deleteMedia', summary: 'Delete a media item.' },
  {
    method: 'GET',
    path: '/streaming/destinations',
    operationId: 'listStreamDestinations',
    summary: 'List the live-stream destinations.',
  },
  {
    method: 'GET',
    path: '/scheduled-streams',
    operationId: 'listScheduledStreams',
    summary: 'List the planned streams.',
  },
  {
    method: 'POST',
    path: '/scheduled-streams',
    operationId: 'createScheduledStream',
    summary: 'Plan a stream.',
  },
  {
    method: 'GET',
    path: '/scheduled-streams/:id',
    operationId: 'getScheduledStream',
    summary: 'Read one planned stream.',
  },
  {
    method: 'PUT',
    path: '/scheduled-streams/:id',
    operationId: 'updateScheduledStream',
    summary: 'Change a planned stream.',
  },
  {
    method: 'DELETE',
    path: '/scheduled-streams/:id',
    operationId: 'deleteScheduledStream',
    summary: 'Cancel a planned stream.',
  },
  {
    method: 'GET',
    path: '/analytics/overview',
    operationId: 'getAnalyticsOverview',
    summary: 'The analytics cards and daily series.',
  },
  {
    method: 'GET',
    path: '/analytics/activity',
    operationId: 'getAnalyticsActivity',
    summary: "Relaycast's own records for a period: posts, inbox replies, live streams.",
  },
  {
    method: 'GET',
    path: '/analytics/top-posts',
    operationId: 'getTopPosts',
    summary: 'The best posts of a period.',
  },
  {
    method: 'GET',
    path: '/short-links',
    operationId: 'listShortLinks',
    summary: 'The short links with their clicks.',
  },
  { method: 'POST', path: '/short-links', operationId: 'createShortLink', summary: 'Make a short link.' },
  {
    method: 'PATCH',
    path: '/short-links/:id',
    operationId: 'updateShortLink',
    summary: "Change a short link's target, or turn it off or on.",
  },
  {
    method: 'GET',
    path: '/short-links/clicks',
    operationId: 'getShortLinkClicks',
    summary: 'Clicks per short link, post and platform over a period.',
  },
];

const MATCHERS = PUBLIC_API_ROUTES.map((route) => ({
  method: route.method,
  pattern: new RegExp(`^${route.path.replace(/:id/g, '[^/]+')}$`),
}));

/**
 * Fastify's `rewriteUrl`: a listed `/api/v1/…` request goes to the app's route of the same path; anything else
 * keeps its URL and finds no route (404). `request.originalUrl` still says `/api/v1/…`.
 */
export function rewritePublicApiUrl(method: string | undefined, url: string | undefined): string {
  const original = url ?? '/';
  if (!original.startsWith(`${PUBLIC_API_BASE}/`)) return original;
  const queryAt = original.indexOf('?');
  const path = original.slice(PUBLIC_API_BASE.length, queryAt === -1 ? undefined : queryAt);
  const verb = method === 'HEAD' ? 'GET' : method;
  if (!MATCHERS.some((route) => route.method === verb && route.pattern.test(path))) return original;
  return `/api${original.slice(PUBLIC_API_BASE.length)}`;
}

export function isPublicApiRequest(request: FastifyRequest): boolean {
  return request.originalUrl.startsWith(`${PUBLIC_API_BASE}/`) && request.url !== request.originalUrl;
}

/** The key a request carries: `Authorization: Bearer <key>` or `x-api-key: <key>`. */
export function apiKeyOf(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match?.[1]) return match[1];
  }
  const header = request.headers['x-api-key'];
  return typeof header === 'string' && header.length > 0 ? header.trim() : null;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  reset: number;
}

/**
 * A fixed window per user (the keys' owner), counted in the database so that every server of an install shares
 * it (modules/rate-limits, docs/decisions/0102-shared-rate-limits.md). Per user, not per key: making more keys
 * gives no more requests.
 */
export async function takeKeyWindow(
  db: Db,
  userId: string,
  limit: number = API_KEY_RATE_LIMIT.requests,
  windowMs: number = API_KEY_RATE_LIMIT.windowSeconds * 1000,
  now: number = Date.now(),
): Promise<RateLimitState & { allowed: boolean }> {
  const window = await takeRateLimit(db, `api-user:${userId}`, windowMs, now);
  return {
    allowed: window.current <= limit,
    limit,
    remaining: Math.max(0, limit - window.current),
    reset: Math.max(1, Math.ceil(window.ttl / 1000)),
  };
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'ratelimit-limit': String(state.limit),
    'ratelimit-remaining': String(state.remaining),
    'ratelimit-reset': String(state.reset),
  };
}

/**
 * The caller of a public API request: its key's owner and workspace, after the scope and the owner's rate limit
 * (shared by all their keys, in every workspace).
 * `onLimit` receives the window's state so the answer carries the `RateLimit-*` headers.
 */
export async function authenticatePublicApiRequest(
  db: Db,
  request: FastifyRequest,
  onLimit: (state: RateLimitState) => void,
): Promise<ApiKeyContext> {
  const secret = apiKeyOf(request);
  if (!secret) throw new AppError('API_KEY_MISSING');
  const context = await authenticateApiKey(db, secret);
  const state = await takeKeyWindow(db, context.user.id);
  onLimit(state);
  if (!state.allowed) {
    throw new AppError('RATE_LIMITED', {
      message: API_KEY_MESSAGES.rateLimited(state.reset),
      headers: {
        ...rateLimitHeaders(state),
        'retry-after': String(state.reset),
      },
    });
  }
  if (!scopeAllows(context.scopes, request.method)) {
    throw new AppError('API_KEY_READ_ONLY');
  }
  return context;
}
