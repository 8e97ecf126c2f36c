import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import { databaseRateLimitStore } from '../modules/rate-limits/rate-limits.service';

/** 'self' and ws(s)://host of the request: the studio's ingest socket, and no other WebSocket host. */
function ownConnectSources(request: IncomingMessage): string {
  // A forwarded Host only changes the policy sent back to the same client, so it needs no trust check here.
  const forwardedHost = request.headers['x-forwarded-host'];
  const host =
    (typeof forwardedHost === 'string' ? forwardedHost.split(',').at(-1)?.trim() : undefined) ??
    request.headers.host ??
    'localhost';
  // A Host with characters outside a host[:port] would break the header: fall back to 'self' alone.
  if (!/^[\w.:[\]-]+$/.test(host)) return "'self'";
  const secure = (request as IncomingMessage & { socket: { encrypted?: boolean } }).socket.encrypted === true;
  const forwardedProto = String(request.headers['x-forwarded-proto'] ?? '')
    .split(',')
    .at(-1)
    ?.trim();
  const https = secure || forwardedProto === 'https';
  return `'self' ${https ? 'wss' : 'ws'}://${host}`;
}

type HelmetMiddleware = ReturnType<typeof helmet>;
/** Distinct connect-src values (hosts) whose headers are kept; past it the cache starts again. */
const HEADER_SETS_KEPT = 64;

/**
 * The headers helmet sets for a request, computed once per connect-src (the only part that depends on the
 * request: its host and scheme) and then copied. helmet rebuilds and re-validates the whole policy string for
 * every response: about 4 % of a signed-in request's CPU (docs/decisions/0086-request-fixed-cost.md).
 */
function securityHeadersByConnectSource(setSecurityHeaders: HelmetMiddleware) {
  const byConnectSource = new Map<string, Array<[string, string]>>();
  return (request: IncomingMessage): Array<[string, string]> => {
    const connectSource = ownConnectSources(request);
    let headers = byConnectSource.get(connectSource);
    if (headers) return headers;
    const collected: Array<[string, string]> = [];
    const recorder = {
      setHeader(name: string, value: string | number | readonly string[]) {
        collected.push([name, String(value)]);
      },
      removeHeader() {},
    };
    let failure: unknown;
    // helmet sets its headers synchronously and then calls back (with an error only for a bad configuration).
    setSecurityHeaders(request, recorder as never, (error?: unknown) => {
      failure = error;
    });
    if (failure) throw failure;
    headers = collected;
    if (byConnectSource.size >= HEADER_SETS_KEPT) byConnectSource.clear();
    byConnectSource.set(connectSource, headers);
    return headers;
  };
}

/** A client's X-Request-Id we echo and log: short, printable, no spaces or line breaks (docs/decisions/0061-self-hosted-limits-and-no-store.md). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the client's X-Request-Id when it is a safe token (a proxy's or a client's trace id), else
 * a fresh UUID. Fastify's own `requestIdHeader` would take any value, line breaks and kilobytes included, into
 * every log line and back into the response's header.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The origin of an Unsplash API on plain http (a local fake), whose pictures `https:` does not cover. */
function plainHttpUnsplash(config: Config): string[] {
  const base = config.unsplash?.apiBase;
  return base?.startsWith('http://') ? [new URL(base).origin] : [];
}

/**
 * Security headers with a content security policy the built app passes (scripts and styles from our origin;
 * inline style attributes are needed by Radix and sonner), and a rate limiter that routes opt into.
 *
 * helmet's middleware is built once, here, and run on every request. @fastify/helmet called `helmet(config)`
 * again for every request (about 4 % of the server's CPU under the posts benchmark, docs/decisions/0017 and
 * 0025); the per-request part of the policy, connect-src, is a function helmet calls for each response.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { config: Config; db: Db }) => {
  const secure = options.config.publicUrl.startsWith('https://');
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Any https image: link previews, avatars and Unsplash's hotlinked thumbnails (images.unsplash.com). A local
        // Unsplash fake (UNSPLASH_API_BASE on http, the browser tests) serves its pictures itself: its origin too.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...plainHttpUnsplash(options.config)],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:'],
        // The push service worker (/sw.js, docs/notifications.md); said outright rather than left to fall back.
        workerSrc: ["'self'"],
        // Our own origin only, WebSockets included: 'self' covers ws(s) to the same host in current browsers,
        // and the explicit ws(s)://<this host> covers the ones that predate that rule.
        connectSrc: [ownConnectSources],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense when the public URL is HTTPS; on http://localhost it would break other ports.
    strictTransportSecurity: secure ? undefined : false,
    crossOriginEmbedderPolicy: false,
  });
  const headersFor = securityHeadersByConnectSource(setSecurityHeaders);
  // The same headers for the answers made before Fastify (lib/front-door.ts: the short-link redirect).
  app.decorate('securityHeadersOf', headersFor);
  // A callback hook: Fastify turns a synchronous throw (helmet refusing its configuration) into the request's error.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headersFor(request.raw)) reply.raw.setHeader(name, value);
    done();
  });
  // Every API answer is `Cache-Control: no-store` unless its route chose its own caching (media bytes,
  // thumbnails): new API keys, stream keys, webhook secrets, link tokens and Better Auth's two-factor setup
  // (under /api/auth) are never kept by a browser's disk cache or a shared proxy. A default on the whole
  // prefix rather than a per-route `secret` flag: a route that forgets a flag leaks, one that forgets
  // nothing cannot (docs/decisions/0061-self-hosted-limits-and-no-store.md).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // Counted in the database, so that every process of an install shares each limit (modules/rate-limits).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(options.db) });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of an answer to this request (set by the onRequest hook; the front door's too). */
    securityHeadersOf: (request: IncomingMessage) => ReadonlyArray<readonly [string, string]>;
  }
}
