import { type Permission, roleCan } from '@relaycast/shared/roles';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { unreadBodyHeaders } from '../lib/request-body';
import { assertRoleCan } from '../lib/role-check';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'public'`: the route is open to visitors, or checks the caller itself. Every other `/api/` route needs a
     * session, checked before its input is parsed or validated.
     */
    auth?: 'public';
    /**
     * What the caller's workspace role must allow (packages/shared/src/roles.ts), checked for every `/api/` route
     * that needs a session, before its input is read. Without it: `view` to read (GET, HEAD), `write` otherwise.
     */
    permission?: import('@relaycast/shared/roles').Permission;
    /** The refusal's message when a module words it itself (e.g. AI_MESSAGES.adminOnly); else ROLE_MESSAGES.forbidden. */
    permissionMessage?: string;
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
  /** What the caller's role must allow (null on the public routes, which check their caller themselves). */
  permission: Permission | null;
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
      throw error.withHeaders(unreadBodyHeaders(request));
    }
    throw error;
  }
}

/** The permission a route needs: the one it declares, else `view` to read and `write` to change. */
export function routePermission(route: Pick<RouteOptions, 'method' | 'config'>): Permission {
  const declared = (route.config as { permission?: Permission } | undefined)?.permission;
  if (declared) return declared;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.every((method) => method === 'GET' || method === 'HEAD') ? 'view' : 'write';
}

/**
 * The role check: the caller's role in the workspace they work in must allow the route's permission (the one
 * table, packages/shared/src/roles.ts). `self` covers the caller's own things and needs no workspace role.
 * Session and API-key callers alike (a key acts with its owner's role), before the body is parsed.
 */
function requirePermission(permission: Permission, message: string | undefined): onRequestHookHandler {
  return async function checkRole(request: FastifyRequest, reply: FastifyReply) {
    if (permission === 'self') return;
    const { workspace } = await request.requireWorkspace();
    // Every later log line of the request names the workspace, beside the request id (docs/metrics.md).
    request.log = request.log.child({ workspaceId: workspace.id });
    reply.log = request.log;
    if (roleCan(workspace.role, permission)) return;
    assertRoleCan(workspace.role, permission, message, unreadBodyHeaders(request));
  };
}

function withHooks(
  existing: RouteOptions['onRequest'],
  hooks: onRequestHookHandler[],
): onRequestHookHandler[] {
  // After the route's own hooks (the rate limiter counts anonymous requests too).
  if (!existing) return hooks;
  return [...(Array.isArray(existing) ? existing : [existing]), ...hooks];
}

/** Register before any route: it sees every route registered after it, in every plugin scope. */
export const authenticateFirstPlugin = fp(async (app: FastifyInstance) => {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const needsSession = route.url.startsWith('/api/') && route.config?.auth !== 'public';
    const permission = needsSession ? routePermission(route) : null;
    if (permission) {
      const message = route.config?.permissionMessage;
      route.onRequest = withHooks(route.onRequest, [requireSession, requirePermission(permission, message)]);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    routes.push({ methods, url: route.url, needsSession, permission, options: route });
  });
});
