import type { IncomingMessage } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config/env';

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

/**
 * Security headers with a content security policy the built app passes (scripts and styles from our origin;
 * inline style attributes are needed by Radix and sonner), and a rate limiter that routes opt into.
 *
 * helmet's middleware is built once, here, and run on every request. @fastify/helmet called `helmet(config)`
 * again for every request (about 4 % of the server's CPU under the posts benchmark, docs/decisions/0017 and
 * 0025); the per-request part of the policy, connect-src, is a function helmet calls for each response.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  const secure = options.config.publicUrl.startsWith('https://');
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
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
  app.addHook('onRequest', (request, reply, done) => {
    // helmet sets its headers synchronously and then calls back (with an error only for a bad configuration).
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  await app.register(rateLimit, { global: false });
});
