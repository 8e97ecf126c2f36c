import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * The front door of the HTTP server (docs/decisions/0097-short-link-fast-path.md): a few paths answered before
 * Fastify's routing and hooks, for the requests that must cost almost nothing (the short-link redirect). Every
 * other request, and every request a fast path declines, goes to Fastify's own handler unchanged.
 *
 * It wraps the one `'request'` listener Fastify put on its server when the app was built, rather than giving
 * Fastify a `serverFactory`: the server stays the one Fastify made, with Fastify's keep-alive and request timeouts
 * and its second binding when it listens on `localhost`. `app.inject()` never reaches the front door (it calls
 * Fastify's handler directly), so tests of a fast path send real HTTP requests.
 */

/**
 * A fast path: true when it took the request (it answers it, or hands it back later with `fallback`), false to
 * leave it to Fastify at once. It must decide synchronously and must not read the request's body.
 */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

export interface FrontDoor {
  /** Adds a fast path; the first to take a request answers it. */
  add(path: FastPath): void;
  /** Fastify's own handler: a fast path that took a request and then declines it hands it here. */
  readonly fallback: Listener;
  /**
   * From now on every request goes straight to Fastify (it answers 503 while it closes), and the promise
   * resolves once the requests the fast paths took have been answered.
   */
  close(): Promise<void>;
  /** Counts a request a fast path took, until `done`; `close()` waits for them. */
  begin(): () => void;
  /** How many requests the fast paths took since the server was made (tests tell the two ways apart by it). */
  readonly taken: number;
}

export function installFrontDoor(server: Server): FrontDoor {
  const listeners = server.listeners('request') as Listener[];
  const fastify = listeners[0];
  // Fastify makes its server with its handler as the only 'request' listener; anything else means its way of
  // building the server changed, and the front door would answer beside it rather than before it.
  if (listeners.length !== 1 || !fastify) {
    throw new Error(`the front door expects one 'request' listener, found ${listeners.length}`);
  }
  const paths: FastPath[] = [];
  let closing = false;
  let inFlight = 0;
  let taken = 0;
  const drained: Array<() => void> = [];
  const done = () => {
    inFlight -= 1;
    if (inFlight === 0) for (const resolve of drained.splice(0)) resolve();
  };
  server.removeListener('request', fastify);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!closing) {
      for (const path of paths) {
        if (path(request, response)) {
          taken += 1;
          return;
        }
      }
    }
    fastify(request, response);
  });
  return {
    get taken() {
      return taken;
    },
    add(path) {
      paths.push(path);
    },
    fallback: fastify,
    close() {
      closing = true;
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => drained.push(resolve));
    },
    begin() {
      inFlight += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        done();
      };
    },
  };
}
