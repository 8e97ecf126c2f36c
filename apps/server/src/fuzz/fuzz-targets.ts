import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_BASE_PATH } from '../modules/auth/auth';
import { bodyFor, type FuzzBody, oddMethod, pathSegment, queryFor } from './fuzz-inputs';

/** One thing to fuzz: a method set and a URL pattern (`:param` segments), with the schemas that shape input. */
export interface FuzzTarget {
  methods: string[];
  url: string;
  bodySchema?: unknown;
  querySchema?: unknown;
  /** Fuzzed only without a session (see SIGNED_IN_EXCLUSIONS). */
  anonymousOnly: boolean;
  /** For a route that checks a signature over its raw body: the headers that sign a payload. */
  signBody?: BodySigner;
}

export interface FuzzRequest {
  method: string;
  url: string;
  body: FuzzBody;
  headers?: Record<string, string>;
}

/** How to sign a raw body (the headers for a payload), and the schema its parsed body is read with. */
export interface BodySigner {
  sign: (payload: string) => Record<string, string>;
  bodySchema?: unknown;
}

/**
 * Routes that read their body raw and check a signature over it before parsing it (decision 0060): unsigned,
 * every fuzzed body stops at the signature and the parsed input is never tried, which is how a signed Stripe
 * event with a NUL in its id answered 500 unseen. The fuzz test must sign their bodies.
 */
export const SIGNED_BODY_ROUTES = ['POST /api/billing/webhook'];

/**
 * Routes not fuzzed at all, because they would have effects outside the test:
 * - `POST /api/streaming/sessions` starts a live stream (an ffmpeg process pushing to the destinations).
 * - the ingest WebSocket only speaks after an upgrade; `inject` cannot open one (its input is binary media).
 */
const EXCLUDED = new Set(['POST /api/streaming/sessions', 'GET /api/streaming/sessions/:id/ingest']);

/**
 * Better Auth endpoints fuzzed only without a session: with the fuzz user's session they would end it or
 * take the fuzz user's workspace away, and every later request would test the 401 path only.
 */
const SIGNED_IN_EXCLUSIONS = new Set(
  [
    '/sign-out',
    '/revoke-session',
    '/revoke-sessions',
    '/revoke-other-sessions',
    '/delete-user',
    '/update-session',
    '/organization/delete',
    '/organization/leave',
    '/organization/remove-member',
    '/organization/update-member-role',
  ].map((path) => `${AUTH_BASE_PATH}${path}`),
);

interface BetterAuthEndpoint {
  path?: string;
  options?: { method?: string | string[]; body?: unknown; query?: unknown };
}

/** The Better Auth endpoints behind the `/api/auth/*` forwarder (it forwards GET and POST only). */
function betterAuthTargets(app: FastifyInstance): FuzzTarget[] {
  const endpoints = Object.values(app.auth.api as unknown as Record<string, BetterAuthEndpoint>);
  return endpoints.flatMap((endpoint) => {
    if (!endpoint.path) return [];
    const declared = endpoint.options?.method ?? 'POST';
    const methods = (Array.isArray(declared) ? declared : [declared]).filter(
      (m) => m === 'GET' || m === 'POST',
    );
    const url = `${AUTH_BASE_PATH}${endpoint.path}`;
    return [
      {
        methods: methods.length > 0 ? methods : ['POST'],
        url,
        bodySchema: endpoint.options?.body,
        querySchema: endpoint.options?.query,
        anonymousOnly: SIGNED_IN_EXCLUSIONS.has(url),
      },
    ];
  });
}

/** Every registered route (HEAD twins of GET routes aside), the auth wildcard expanded to its endpoints. */
export function collectFuzzTargets(
  app: FastifyInstance,
  signers: Record<string, BodySigner> = {},
): { targets: FuzzTarget[]; excluded: string[] } {
  const targets: FuzzTarget[] = [];
  const excluded: string[] = [];
  for (const route of app.registeredRoutes) {
    if (route.url === `${AUTH_BASE_PATH}/*`) {
      targets.push(...betterAuthTargets(app));
      continue;
    }
    const methods = route.methods.filter((method) => method !== 'HEAD');
    if (methods.length === 0) continue;
    const key = `${methods.join(',')} ${route.url}`;
    if (EXCLUDED.has(key)) {
      excluded.push(key);
      continue;
    }
    const schema = route.options.schema as { body?: unknown; querystring?: unknown } | undefined;
    const signBody = signers[key];
    if (SIGNED_BODY_ROUTES.includes(key) && !signBody)
      throw new Error(`${key} needs a body signer to be fuzzed`);
    targets.push({
      methods,
      url: route.url,
      bodySchema: schema?.body ?? signBody?.bodySchema,
      querySchema: schema?.querystring,
      anonymousOnly: false,
      ...(signBody ? { signBody } : {}),
    });
  }
  // Better Auth lists some endpoints under two names; fuzz each URL once.
  const unique = new Map(targets.map((target) => [`${target.methods.join(',')} ${target.url}`, target]));
  return { targets: [...unique.values()], excluded };
}

/** Generated requests for a target: mostly its own method, sometimes another one. */
export function requestsFor(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const parts = target.url.split('/');
  const params = parts.filter((part) => part.startsWith(':') || part === '*');
  return fc
    .record({
      method: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...target.methods) }, oddMethod),
      segments: fc.tuple(...params.map(() => pathSegment)),
      query: queryFor(target.querySchema),
      body: bodyFor(target.bodySchema),
    })
    .map(({ method, segments, query, body }) => {
      let next = 0;
      const path = parts
        .map((part) => (part.startsWith(':') || part === '*' ? (segments[next++] ?? 'x') : part))
        .join('/');
      const headers = target.signBody?.sign(body.payload ?? '');
      return { method, url: `${path}${query}`, body, ...(headers ? { headers } : {}) };
    });
}

/** Sends one fuzz request the way a browser of our origin would, with or without the session cookie. */
export function sendFuzzRequest(app: FastifyInstance, request: FuzzRequest, cookie: string | undefined) {
  const headers: Record<string, string> = { origin: 'http://localhost:3000', ...request.headers };
  if (cookie) headers.cookie = cookie;
  if (request.body.contentType) headers['content-type'] = request.body.contentType;
  return app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    payload: request.body.payload,
  });
}

/**
 * A crash, as opposed to an answer: any 500, or a 5xx without a product error code. A 502/503/504 with its
 * own code (AI provider unreachable, streaming unavailable, a platform down) is the product's answer.
 */
export function isServerCrash(response: LightMyRequestResponse): boolean {
  if (response.statusCode < 500) return false;
  if (response.statusCode === 500) return true;
  try {
    const code = (response.json() as { code?: unknown }).code;
    return typeof code !== 'string' || code === 'INTERNAL_ERROR';
  } catch {
    return true;
  }
}

const clip = (text: string | undefined, length = 300) =>
  text === undefined
    ? '(none)'
    : text.length > length
      ? `${text.slice(0, length)}… (${text.length} chars)`
      : text;

/** The request and the answer, for the failure message. */
export function describeExchange(request: FuzzRequest, response: LightMyRequestResponse, signedIn: boolean) {
  return [
    `${request.method} ${clip(request.url)} (${signedIn ? 'signed in' : 'anonymous'})`,
    `content-type: ${request.body.contentType ?? '(none)'}`,
    `body: ${clip(request.body.payload)}`,
    `answered ${response.statusCode}: ${clip(response.body)}`,
  ].join('\n');
}
