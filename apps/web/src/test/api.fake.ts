import { vi } from 'vitest';

/** One request the page sent, as the fake saw it. */
export interface ApiCall {
  method: string;
  /** As the page asked for it, query string included. */
  url: string;
  /** The JSON body, parsed; another body as it was sent; undefined without one. */
  body: unknown;
}

/** A JSON value, or a Response (sent as it is, cloned for each call). */
type Answer = string | number | boolean | null | object;

/** What a route answers: a value (sent as JSON with 200), a Response, or a function of the call that returns one. */
export type ApiReply = Answer | ((call: ApiCall) => Answer | undefined | Promise<Answer | undefined>);

export interface ApiFake {
  /** Every request, in order, answered or not. */
  calls: ApiCall[];
  /** The requests one route received (`'POST /api/posts'`; the query string counts only where the key has one). */
  callsTo(route: string): ApiCall[];
}

/**
 * The one way a web test stands in for the server: replaces `fetch` for the current test (setup.ts restores it)
 * and records every request. Keys are `'METHOD /path'`; `'*'` answers whatever no other key does; any other
 * request answers 404 with the API's error shape, so a missing route shows in the test's failure.
 *
 *   const api = fakeApi({
 *     'GET /api/billing': billing,
 *     'POST /api/billing/checkout': { url: 'https://checkout.example/cs_1' },
 *     'DELETE /api/posts/p1': new Response(null, { status: 204 }),
 *     'GET /api/dashboard': () => apiError(500, 'boom'),
 *   });
 *   expect(api.callsTo('POST /api/billing/checkout')[0]?.body).toEqual({ plan: 'premium', interval: 'annual' });
 */
export function fakeApi(routes: Record<string, ApiReply>): ApiFake {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const call: ApiCall = { method: (init?.method ?? 'GET').toUpperCase(), url, body: bodyOf(init) };
      calls.push(call);
      const key =
        Object.keys(routes).find((candidate) => matches(candidate, call)) ?? ('*' in routes ? '*' : null);
      if (key === null) return apiError(404, `The fake API has no route for ${call.method} ${call.url}`);
      const route = routes[key];
      return toResponse(typeof route === 'function' ? await route(call) : route);
    }),
  );
  return { calls, callsTo: (route) => calls.filter((call) => matches(route, call)) };
}

/** An error answer in the API's shape (`{ code, message }`), as the server's error handler sends it. */
export function apiError(status: number, message: string, code = 'ERROR'): Response {
  return Response.json({ code, message }, { status });
}

/** A streamed answer (`text/event-stream`), one `data:` line per event, as `POST /api/ai/generate` sends. */
export function serverSentEvents(events: readonly unknown[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream({
    start(controller) {
      for (const event of events) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function matches(route: string, call: ApiCall): boolean {
  const [method, path] = route.split(' ');
  if (method !== call.method || !path) return false;
  return path.includes('?') ? path === call.url : path === call.url.split('?')[0];
}

function bodyOf(init: RequestInit | undefined): unknown {
  if (init?.body === undefined || init.body === null) return undefined;
  if (typeof init.body !== 'string') return init.body;
  try {
    return JSON.parse(init.body);
  } catch {
    return init.body;
  }
}

function toResponse(reply: unknown): Response {
  if (reply instanceof Response) return reply.clone();
  return Response.json(reply ?? null);
}
