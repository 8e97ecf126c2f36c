import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, GENERIC_MESSAGES } from '@relaycast/shared/messages';
import { isKnownAppRoute } from '@relaycast/shared/routes';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
    // The static plugin refuses a bare directory ("/") with 403; the home page is the app.
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isPage || !webDistDir) {
      return reply.status(404).send({ code: ERROR_CODES.notFound, message: GENERIC_MESSAGES.notFound });
    }
    reply.header('cache-control', 'no-cache');
    return reply.status(isKnownAppRoute(pathname) ? 200 : 404).sendFile('index.html');
  });
});
