import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SHORT_LINK_MESSAGES, type ShortLink } from '@relaycast/shared/short-links';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/auth-requests';
import { shortLinkClicks, shortLinkSalts, shortLinks, shortLinkVisitors } from '../../db/schema/index';
import { processRegistry } from '../../lib/metrics';
import { shortLinkCacheOf } from './short-links-cache';
import { REDIRECT_ROUTE } from './short-links-fast-path';
import { dayOf, visitorHash } from './short-links-visitors';

/**
 * The redirect's fast path (docs/decisions/0097-short-link-fast-path.md) over real HTTP: `app.inject()` never
 * reaches the server's front door. Each answer is compared with the Fastify route's own, served by a second
 * HTTP server whose only listener is Fastify's handler (`frontDoor.fallback`), so "the same answer" is checked
 * header by header rather than from a list written here.
 */

const s = useTestApp({ ada: 'Ada' });
let fastPort = 0;
let routePort = 0;
let routeServer: Server;

beforeAll(async () => {
  await s.t.app.listen({ port: 0, host: '127.0.0.1' });
  fastPort = (s.t.app.server.address() as AddressInfo).port;
  routeServer = createServer(s.t.app.frontDoor.fallback);
  // Fastify's own setting on its server (72 s), which the Keep-Alive header tells.
  routeServer.keepAliveTimeout = s.t.app.server.keepAliveTimeout;
  await new Promise<void>((resolve) => routeServer.listen(0, '127.0.0.1', resolve));
  routePort = (routeServer.address() as AddressInfo).port;
});

afterAll(async () => {
  routeServer.closeAllConnections();
  await new Promise((resolve) => routeServer.close(resolve));
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The headers' names in the order they came. */
  names: string[];
  body: string;
}

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/** One request over HTTP; the Host is fixed so both servers build the same security policy. */
function call(port: number, method: string, path: string, headers: Record<string, string> = {}, body = '') {
  return new Promise<Answer>((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { host: 'links.example', 'user-agent': CHROME, ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          const pairs: Record<string, string> = {};
          for (let i = 0; i < response.rawHeaders.length; i += 2) {
            pairs[(response.rawHeaders[i] as string).toLowerCase()] = response.rawHeaders[i + 1] as string;
          }
          const names = Object.keys(pairs);
          resolve({ status: response.statusCode ?? 0, headers: pairs, names, body: text });
        });
      },
    );
    sent.on('error', reject);
    sent.end(body || undefined);
  });
}

/** An answer without what differs on every request (its date and its generated id). */
function comparable(answer: Answer) {
  const { date: _date, 'x-request-id': requestId, ...headers } = answer.headers;
  // Fastify's answers to a URL it cannot route (too long a parameter) have none: the same on both sides.
  if (requestId !== undefined) expect(requestId).toMatch(/^[\w.:-]{1,128}$/);
  const hasId = requestId !== undefined;
  return { status: answer.status, headers, names: answer.names, body: answer.body, hasId };
}

/**
 * The same request to the fast path and to the route; asserts the answers are the same and whether the front
 * door took the request; answers the fast path's.
 */
async function both(
  method: string,
  path: string,
  options: { taken: boolean; headers?: Record<string, string>; body?: string },
) {
  const before = s.t.app.frontDoor.taken;
  const fast = await call(fastPort, method, path, options.headers, options.body);
  expect(s.t.app.frontDoor.taken - before, `${method} ${path} taken by the fast path`).toBe(
    options.taken ? 1 : 0,
  );
  const route = await call(routePort, method, path, options.headers, options.body);
  expect(comparable(fast), `${method} ${path}`).toEqual(comparable(route));
  return fast;
}

async function made(target: string, code?: string): Promise<ShortLink> {
  const response = await s.ada.send('POST', '/api/short-links', { target, ...(code ? { code } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ShortLink;
}

async function clicksOf(linkId: string) {
  await s.t.app.shortLinkClicks.flush();
  const rows = await s.t.db.select().from(shortLinkClicks).where(eq(shortLinkClicks.linkId, linkId));
  return rows
    .map(({ referrer, device, crawler, country, count }) => ({ referrer, device, crawler, country, count }))
    .sort((a, b) => a.crawler.localeCompare(b.crawler) || a.device.localeCompare(b.device));
}

describe('the short-link fast path', () => {
  it('answers a link, HEAD, a query string, an unknown and a turned-off code as the route does', async () => {
    const link = await made('https://example.com/landing?id=1');
    const redirect = await both('GET', `/${link.code}`, { taken: true });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe('https://example.com/landing?id=1');
    expect(redirect.headers['cache-control']).toBe('private, no-store');
    expect(redirect.headers['set-cookie']).toBeUndefined();
    expect(redirect.body).toBe('');
    expect((await both('HEAD', `/${link.code}`, { taken: true })).status).toBe(302);
    await both('GET', `/${link.code}?utm_source=x&fbclid=IwAR0_a-b`, { taken: true });
    await both('GET', `/${link.code}?utm_campaign=spring%20sale%C3%A9&x=%0`, { taken: true });
    // The client's safe X-Request-Id is echoed by both.
    const traced = await call(fastPort, 'GET', `/${link.code}`, { 'x-request-id': 'trace-42' });
    expect(traced.headers['x-request-id']).toBe('trace-42');
    const unknown = await both('GET', '/Zz9Zz9Z', { taken: true });
    expect([unknown.status, unknown.body]).toEqual([404, SHORT_LINK_MESSAGES.visitorNotFound]);
    expect((await both('HEAD', '/Zz9Zz9Z', { taken: true })).body).toBe('');
    await s.ada.send('PATCH', `/api/short-links/${link.id}`, { disabled: true });
    expect((await both('GET', `/${link.code}`, { taken: true })).status).toBe(404);
  });

  it('serves a custom code, and sends a custom-shaped path that is no link on to the web app', async () => {
    const custom = await made('https://example.com/spring', `spring-${Date.now().toString(36)}`);
    expect((await both('GET', `/${custom.code}`, { taken: true })).status).toBe(302);
    // Looked up by the fast path, found nothing, handed to Fastify: the app's own "page not found".
    const mistyped = await both('GET', '/no-such-page-here', { taken: true });
    expect(mistyped.status).toBe(404);
    expect(mistyped.body).not.toBe(SHORT_LINK_MESSAGES.visitorNotFound);
    expect(mistyped.headers['x-robots-tag']).toBeUndefined();
  });

  it('leaves pages, other methods, bodies and unusual URLs to Fastify, which answers as before', async () => {
    const link = await made('https://example.com/other');
    const code = link.code;
    const encoded = `/${code.slice(0, 3)}%${code.charCodeAt(3).toString(16)}${code.slice(4)}`;
    const cases: Array<[string, string]> = [
      ['GET', '/pricing'],
      ['GET', '/calendar'],
      ['POST', `/${code}`],
      ['PUT', `/${code}`],
      ['DELETE', `/${code}`],
      ['OPTIONS', `/${code}`],
      ['PATCH', `/${code}`],
      ['GET', encoded],
      ['GET', `/${code}/`],
      ['GET', `//${code}`],
      ['GET', `/${code};x=1`],
      ['GET', `/${code}#top`],
      ['GET', `/${code}?a=%00`],
      ['GET', `/${'a1B'.repeat(2000)}`],
      ['GET', `/abc`],
      ['GET', `http://links.example/${code}`],
    ];
    for (const [method, path] of cases) await both(method, path, { taken: false });
    expect((await both('GET', encoded, { taken: false })).status).toBe(302);
    expect((await both('GET', `/${code}?a=%00`, { taken: false })).status).toBe(400);
    await both('GET', `/${code}`, {
      taken: false,
      headers: { 'content-type': 'text/plain', 'content-length': '5' },
      body: 'hello',
    });
  });

  it('answers on any Host, as the route does (it has no host of its own)', async () => {
    const link = await made('https://example.com/hosts');
    for (const host of ['localhost:3000', 'short.example', 'elsewhere.example:8080']) {
      const answer = await both('GET', `/${link.code}`, { taken: true, headers: { host } });
      expect(answer.headers.location).toBe('https://example.com/hosts');
    }
  });

  it('follows an edit, a turn-off and a turn-on at once, though the link is cached', async () => {
    const link = await made('https://example.com/v1');
    const cache = shortLinkCacheOf(s.t.db);
    expect((await call(fastPort, 'GET', `/${link.code}`)).headers.location).toBe('https://example.com/v1');
    expect(cache.peek(link.code)?.target).toBe('https://example.com/v1');
    await s.ada.send('PATCH', `/api/short-links/${link.id}`, { target: 'https://example.org/v2' });
    expect((await call(fastPort, 'GET', `/${link.code}`)).headers.location).toBe('https://example.org/v2');
    await s.ada.send('PATCH', `/api/short-links/${link.id}`, { disabled: true });
    const off = await call(fastPort, 'GET', `/${link.code}`);
    expect([off.status, off.body]).toEqual([404, SHORT_LINK_MESSAGES.visitorNotFound]);
    await s.ada.send('PATCH', `/api/short-links/${link.id}`, { disabled: false });
    expect((await call(fastPort, 'GET', `/${link.code}`)).status).toBe(302);
    // An edit made elsewhere (another process: here, the table itself) shows once the entry is read again.
    await s.t.db
      .update(shortLinks)
      .set({ target: 'https://example.net/v3' })
      .where(eq(shortLinks.id, link.id));
    expect((await call(fastPort, 'GET', `/${link.code}`)).headers.location).toBe('https://example.org/v2');
    expect(cache.peek(link.code, Date.now() + 10_000)).toBeUndefined();
    expect((await call(fastPort, 'GET', `/${link.code}`)).headers.location).toBe('https://example.net/v3');
  });

  it('journals each GET as the route does (device, referrer, crawler, country, visitor), never a HEAD', async () => {
    const link = await made('https://example.com/counted');
    await s.t.app.shortLinkCountries.load();
    await s.t.app.shortLinkClicks.loadSalt();
    const visitor = {
      'user-agent': IPHONE,
      referer: 'https://www.facebook.com/',
      'x-forwarded-for': '8.8.8.8',
    };
    await call(fastPort, 'GET', `/${link.code}`, visitor);
    await call(fastPort, 'GET', `/${link.code}?fbclid=1`, visitor);
    await call(fastPort, 'GET', `/${link.code}`, { 'user-agent': 'Twitterbot/1.0' });
    await call(fastPort, 'HEAD', `/${link.code}`, visitor);
    expect(await clicksOf(link.id)).toEqual([
      { referrer: 'facebook.com', device: 'mobile', crawler: '', country: 'US', count: 2 },
      { referrer: '', device: 'unknown', crawler: 'Twitterbot', country: '', count: 1 },
    ]);
    // The forwarded address (the socket is a trusted loopback proxy, TRUST_PROXY's default) makes the visitor.
    const [salt] = await s.t.db
      .select()
      .from(shortLinkSalts)
      .where(eq(shortLinkSalts.day, dayOf(Date.now())));
    const visitors = await s.t.db
      .select({ visitor: shortLinkVisitors.visitor })
      .from(shortLinkVisitors)
      .where(eq(shortLinkVisitors.linkId, link.id));
    expect(visitors).toEqual([{ visitor: visitorHash(salt?.salt ?? '', link.id, '8.8.8.8', IPHONE) }]);
  });

  it('counts its answers in /metrics under the route’s template', async () => {
    const link = await made('https://example.com/metered');
    const countOf = async (method: string, status: string) => {
      const metric = processRegistry.getSingleMetric('relaycast_http_request_duration_seconds');
      // A histogram's values carry the series' name (`…_count`, `…_sum`, `…_bucket`); the type leaves it out.
      const values = ((await metric?.get())?.values ?? []) as Array<{
        metricName?: string;
        labels: Record<string, string | number>;
        value: number;
      }>;
      const found = values.find(
        (value) =>
          value.metricName === 'relaycast_http_request_duration_seconds_count' &&
          value.labels.route === REDIRECT_ROUTE &&
          value.labels.method === method &&
          value.labels.status === status,
      );
      return found?.value ?? 0;
    };
    const before = [await countOf('GET', '302'), await countOf('HEAD', '302'), await countOf('GET', '404')];
    await call(fastPort, 'GET', `/${link.code}`);
    await call(fastPort, 'GET', `/${link.code}`);
    await call(fastPort, 'HEAD', `/${link.code}`);
    await call(fastPort, 'GET', '/Yy8Yy8Y');
    const after = [await countOf('GET', '302'), await countOf('HEAD', '302'), await countOf('GET', '404')];
    expect(after.map((value, i) => value - (before[i] ?? 0))).toEqual([2, 1, 1]);
  });
});
