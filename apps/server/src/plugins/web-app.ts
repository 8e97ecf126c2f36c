import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  acceptedLanguages,
  firstSupportedLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
} from '@relaycast/shared/languages';
import { GENERIC_MESSAGES } from '@relaycast/shared/messages';
import { isKnownAppRoute } from '@relaycast/shared/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cookieValue } from '../modules/auth/session-lookup';

/** Better Auth's session cookie (prefix `relaycast`, modules/auth/auth.ts), `__Secure-` on HTTPS. */
const SESSION_COOKIES = ['relaycast.session_token', '__Secure-relaycast.session_token'];

/**
 * Whether the home page's prerendered first screen (apps/web/src/prerender.tsx) is what this visitor's browser
 * would draw: English (their chosen language's cookie, else the first of their Accept-Language we have, as the
 * browser picks it) and no session (a signed-in visitor's home links to the dashboard).
 */
export function wantsPrerenderedHome(request: FastifyRequest): boolean {
  const cookies = request.headers.cookie ?? '';
  if (SESSION_COOKIES.some((name) => cookieValue(cookies, name))) return false;
  const chosen = cookieValue(cookies, LANGUAGE_COOKIE);
  const language = isLanguage(chosen)
    ? chosen
    : (firstSupportedLanguage(acceptedLanguages(request.headers['accept-language'])) ?? 'en');
  return language === 'en';
}

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` for every app route. An unknown
 * path still gets the app (which shows its error screen) but with status 404; unknown `/api/*` paths get the
 * JSON error shape.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { webDistDir: string | undefined }) => {
  const { webDistDir } = options;
  if (webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      wildcard: true,
      // Our own Cache-Control below; the plugin's default (max-age=0) would override it.
      cacheControl: false,
      // The build writes .br and .gz beside each asset (apps/web/compress.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        const relative = path.relative(webDistDir, filePath);
        res.setHeader(
          'cache-control',
          relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  if (webDistDir) {
    // The static plugin refuses a bare directory ("/") with 403; the home page is the app, drawn in advance for
    // the visitors whose first screen it is (docs/decisions/0040-prerendered-home.md).
    const hasPrerenderedHome = existsSync(path.join(webDistDir, 'home.html'));
    app.get('/', (request, reply) => {
      reply.header('cache-control', 'no-cache');
      if (!hasPrerenderedHome) return reply.sendFile('index.html');
      // The answer depends on these two headers: a cache must not hand one visitor's page to another.
      reply.header('vary', 'cookie, accept-language');
      return reply.sendFile(wantsPrerenderedHome(request) ? 'home.html' : 'index.html');
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isPage || !webDistDir) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: GENERIC_MESSAGES.notFound });
    }
    reply.header('cache-control', 'no-cache');
    return reply.status(isKnownAppRoute(pathname) ? 200 : 404).sendFile('index.html');
  });
});
