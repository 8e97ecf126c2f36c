import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP server that stands in for a platform's API in tests (Vitest and the Playwright global setup).
 * Each platform's fake (`platforms/<platform>/<platform>.fake.ts`) registers the documented routes on it and
 * checks what it receives; this harness records every request, parses bodies, and lets a test make the next
 * matching request fail (a 429 with reset headers, a 401, a validation error) or hang.
 */

export interface FakeRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Raw body bytes. */
  raw: Buffer;
  /** Parsed JSON or form body (object), else undefined. */
  body: Record<string, unknown> | undefined;
  /** Path parameters from the route pattern (`/2/tweets/:id` → `{ id }`). */
  params: Record<string, string>;
  receivedAt: Date;
  /** The port the request came from (a proxy's tunnel is told apart by it: FakeProxy.localPorts). */
  remotePort: number | undefined;
}

export interface FakeResponse {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or Buffer as is. */
  body?: unknown;
  /** Redirect: sets `location` and status 302 unless a status is given. */
  redirect?: string;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Destroy the socket without answering (after reading the request): an outcome the caller cannot know. */
  drop?: boolean;
}

/** What a handler answers to let the next route registered for the same path answer instead. */
export const NEXT_ROUTE: FakeResponse = { status: 404 };

export type FakeHandler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: FakeHandler;
}

interface Interception {
  method?: string;
  path: string | RegExp;
  response: FakeResponse;
  times: number;
}

export interface FakeServer {
  /** `http://127.0.0.1:<port>`: the value for `<PLATFORM>_BASE_URL`. */
  url: string;
  /** Every request received, oldest first (failed and intercepted ones included). */
  requests: FakeRequest[];
  /** Expectations a handler found broken (wrong auth header, missing field, media flow out of order…). */
  violations: string[];
  route(method: string, path: string, handler: FakeHandler): void;
  /** The next `times` requests matching method and path get `response` instead of the route's answer. */
  failNext(match: { method?: string; path: string | RegExp }, response: FakeResponse, times?: number): void;
  /** Requests received for a method and path (string = exact path, RegExp = pattern). */
  received(method: string, path: string | RegExp): FakeRequest[];
  close(): Promise<void>;
}

function compile(path: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        keys.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), keys };
}

function pathMatches(candidate: string | RegExp, path: string): boolean {
  return typeof candidate === 'string' ? candidate === path : candidate.test(path);
}

function parseBody(raw: Buffer, contentType: string | undefined): Record<string, unknown> | undefined {
  if (raw.length === 0) return undefined;
  const text = raw.toString('utf8');
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
  if (contentType?.includes('x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  return undefined;
}

function send(res: ServerResponse, response: FakeResponse) {
  const headers: Record<string, string> = { ...response.headers };
  let status = response.status ?? 200;
  if (response.redirect) {
    headers.location = response.redirect;
    status = response.status ?? 302;
  }
  let payload: string | Buffer | undefined;
  if (response.body === undefined || response.body === null) payload = undefined;
  else if (typeof response.body === 'string' || Buffer.isBuffer(response.body)) payload = response.body;
  else {
    payload = JSON.stringify(response.body);
    headers['content-type'] ??= 'application/json';
  }
  res.writeHead(status, headers);
  res.end(payload);
}

export async function startFakeServer(
  options: { port?: number /** Added before every answer. */; latencyMs?: number } = {},
): Promise<FakeServer> {
  const routes: Route[] = [];
  const interceptions: Interception[] = [];
  const requests: FakeRequest[] = [];
  const violations: string[] = [];

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake.local');
    const method = (req.method ?? 'GET').toUpperCase();
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      raw,
      body: parseBody(raw, req.headers['content-type']),
      params: {},
      receivedAt: new Date(),
      remotePort: req.socket.remotePort,
    };
    requests.push(request);

    let response: FakeResponse;
    const interception = interceptions.find(
      (candidate) =>
        candidate.times > 0 &&
        (!candidate.method || candidate.method === method) &&
        pathMatches(candidate.path, url.pathname),
    );
    if (interception) {
      interception.times -= 1;
      response = interception.response;
    } else {
      const matching = routes.filter(
        (candidate) => candidate.method === method && candidate.pattern.test(url.pathname),
      );
      response = NEXT_ROUTE;
      for (const route of matching) {
        const match = route.pattern.exec(url.pathname);
        route.keys.forEach((key, index) => {
          request.params[key] = decodeURIComponent(match?.[index + 1] ?? '');
        });
        try {
          response = await route.handler(request);
        } catch (err) {
          // A handler that throws is a failed expectation: recorded, and answered 400 with the reason.
          violations.push(`${method} ${url.pathname}: ${(err as Error).message}`);
          response = { status: 400, body: { error: `fake: ${(err as Error).message}` } };
        }
        if (response !== NEXT_ROUTE) break;
      }
      if (response === NEXT_ROUTE) {
        response = { status: 404, body: { error: `fake: no route for ${method} ${url.pathname}` } };
      }
    }
    const delayMs = (response.delayMs ?? 0) + (options.latencyMs ?? 0);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (response.drop) {
      req.socket.destroy();
      return;
    }
    send(res, response);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    violations,
    route(method, path, handler) {
      routes.push({ method: method.toUpperCase(), ...compile(path), handler });
    },
    failNext(match, response, times = 1) {
      interceptions.push({ method: match.method?.toUpperCase(), path: match.path, response, times });
    },
    received(method, path) {
      return requests.filter((r) => r.method === method.toUpperCase() && pathMatches(path, r.path));
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Throws (→ the fake answers 400 with the reason) unless the request carries `Authorization: Bearer <token>`. */
export function expectBearer(request: FakeRequest, token: string) {
  if (request.headers.authorization !== `Bearer ${token}`) {
    throw new Error(
      `expected Authorization: Bearer ${token}, got ${request.headers.authorization ?? 'none'}`,
    );
  }
}

/** Throws unless every named field is present and non-empty in the JSON/form body. */
export function expectFields(request: FakeRequest, ...fields: string[]) {
  for (const field of fields) {
    const value = request.body?.[field];
    if (value === undefined || value === null || value === '') throw new Error(`missing field ${field}`);
  }
}

/** A post the fake platform accepted (what the publishing tests count). */
export interface PublishedOnFake {
  id: string;
  /** The platform account it was posted as. */
  accountId: string;
  text: string;
  /** Ids of the media attached, in order. */
  mediaIds: string[];
  /** The alt text the platform received for each of them, in order ('' for none), where the fake records it. */
  altTexts?: string[];
  createdAt: Date;
  /** A thread's later part: the platform id of the post it replies to (docs/threads.md). */
  replyTo?: string;
  /** Bluesky: the thread's root post it replies in. */
  replyRoot?: string;
}

/** A comment the account wrote on its own post (the first comment), as the fake received it. */
export interface CommentOnFake {
  id: string;
  accountId: string;
  /** The platform's id of the post commented on. */
  postId: string;
  text: string;
}

/**
 * What every platform fake (`platforms/<platform>/<platform>.fake.ts`, `start<Platform>Fake(options)`) returns.
 * The fake implements the platform's documented OAuth (authorize page that consents at once and redirects back
 * with `code` and `state`; token endpoint that checks client credentials, the code, the redirect URI and the PKCE
 * verifier against the challenge; refresh), profile and publishing endpoints, checking what it receives (auth
 * header, required fields, media flow order) and recording broken expectations in `server.violations`.
 */
export interface PlatformFake {
  server: FakeServer;
  /** The value for `<PLATFORM>_BASE_URL`. */
  url: string;
  published: PublishedOnFake[];
  /** First comments received, oldest first (platforms that allow them). */
  comments?: CommentOnFake[];
  /** Posts made elsewhere (an engagement fake's seeded items) that a reply may name: ids, or Bluesky's `uri cid`. */
  replyable?: Set<string>;
  close(): Promise<void>;
}

export interface PlatformFakeOptions {
  /** Client credentials the fake expects (OAuth platforms). Defaults: `test-client-id` / `test-client-secret`. */
  clientId?: string;
  clientSecret?: string;
  /** Added to every answer (the publishing benchmark uses 50 ms). */
  latencyMs?: number;
  /** Lifetime of issued access tokens in seconds (refresh tests use a short one). */
  accessTokenTtlSeconds?: number;
}
