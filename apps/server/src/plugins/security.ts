import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';

/**
 * Security headers with a content security policy the built app passes (scripts and styles from our origin;
 * inline style attributes are needed by Radix and sonner), and a rate limiter that routes opt into.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  const secure = options.config.publicUrl.startsWith('https://');
  await app.register(helmet, {
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
        connectSrc: ["'self'", 'ws:', 'wss:'],
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
  await app.register(rateLimit, { global: false });
});
