import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Better Auth keeps its request state in AsyncLocalStorage instances, made at its first call and, on Node 20,
 * enabled from then on: every promise the process makes afterwards, in any request, pays an async hook that
 * copies the store (about a fifth of a signed-in request's CPU: docs/decisions/0133). Its work is all inside its
 * calls here (its background tasks are awaited: no `advanced.backgroundTasks` handler), so its storages are
 * switched off whenever none of its calls is running; its next `run()` switches them on again.
 */

/** Where Better Auth keeps its storages, whichever copy of it made them (@better-auth/core context/global). */
const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');

/** Better Auth's global context, where its storages are kept (undefined before its first call). */
export function betterAuthContext(): Record<string, unknown> | undefined {
  return (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[BETTER_AUTH_GLOBAL]
    ?.context;
}

/** Better Auth's AsyncLocalStorage instances as they are now (none before its first call). */
export function betterAuthStorages(): AsyncLocalStorage<unknown>[] {
  return Object.values(betterAuthContext() ?? {}).filter(
    (value): value is AsyncLocalStorage<unknown> => value instanceof AsyncLocalStorage,
  );
}

let running = 0;

/** Runs one call into Better Auth; when it was the last one running, its storages are switched off. */
async function counted<T>(call: () => Promise<T>): Promise<T> {
  running += 1;
  try {
    return await call();
  } finally {
    running -= 1;
    if (running === 0) for (const storage of betterAuthStorages()) storage.disable();
  }
}

type AnyCall = (...args: never[]) => Promise<unknown>;

/**
 * The auth instance with its request handler and each of its `api` calls counted (above). `api`'s functions
 * are wrapped once each, on first use; what they are (their types) does not change.
 */
export function withContextsOffBetweenCalls<
  A extends { handler: (request: Request) => Promise<Response>; api: object },
>(auth: A): A {
  const handler = auth.handler;
  const wrapped = new Map<PropertyKey, unknown>();
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      let call = wrapped.get(key);
      if (!call) {
        const original = value as AnyCall;
        call = (...args: never[]) => counted(() => original.apply(target, args));
        wrapped.set(key, call);
      }
      return call;
    },
  });
  const countedHandler = (request: Request) => counted(() => handler(request));
  // Better Auth's instance is a plain object; `fetch` is its handler under another name.
  return { ...auth, handler: countedHandler, ...('fetch' in auth ? { fetch: countedHandler } : {}), api };
}
