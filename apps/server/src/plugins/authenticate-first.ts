import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { unreadBodyHeaders } from './input-guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'public'`: the route is open to visitors, or checks the caller itself. Every other `/api/` route needs a
     * session, checked before its input is parsed or validated.
     */
    auth?: 'public';
    /**
     * What the caller's workspace role must allow (packages/shared/src/roles.ts). Declared, not yet enforced
     * here: the route-wide role check is still to come (README, Known gaps); until then each service checks.
     */
    permission?: import('@relaycast/shared/roles').Permission;
  }
  interface FastifyInstance {
    /** Every route of the app as registered (route-wide tests iterate over it; new routes join by themselves). */
    registeredRoutes: RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  methods: string[];
  url: string;
  /** Answers 401 to a request without a session before anything else of the route runs. */
  needsSession: boolean;
  options: RouteOptions;
}

/**
 * A caller without a session learns nothing about a route's input rules: the session is checked in the
 * route's onRequest stage, before body parsing and schema validation. The session is cached on the request
 * (plugins/auth.ts), so the handler's own requireUser()/requireWorkspace() does not load it again.
 */
async function requireSession(request: FastifyRequest) {
  try {
    await request.requireUser();
  } catch (error) {
    if (error instanceof AppError) {
      throw new AppError(error.code, error.statusCode, error.message, {
        ...error.headers,
        ...unreadBodyHeaders(request),
      });
    }
    throw error;
  }
}

function withHook(existing: RouteOptions['onRequest'], hook: onRequestHookHandler): onRequestHookHandler[] {
  // After the route's own hooks (the rate limiter counts anonymous requests too).
  if (!existing) return [hook];
  return [...(Array.isArray(existing) ? existing : [existing]), hook];
}

/** Register before any route: it sees every route registered after it, in every plugin scope. */
export const authenticateFirstPlugin = fp(async (app: FastifyInstance) => {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const needsSession = route.url.startsWith('/api/') && route.config?.auth !== 'public';
    if (needsSession) route.onRequest = withHook(route.onRequest, requireSession);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    routes.push({ methods, url: route.url, needsSession, options: route });
  });
});
