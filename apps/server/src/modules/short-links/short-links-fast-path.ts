import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { isServedShortLinkCode, isShortLinkCode, SHORT_LINK_MESSAGES } from '@relaycast/shared/short-links';
import type { FastifyBaseLogger } from 'fastify';
import type { FastPath, FrontDoor } from '../../lib/front-door';
import { recordHttpRequest } from '../../lib/metrics';
import type { LinkByCode } from './short-links.queries';
import type { ShortLinkCache } from './short-links-cache';
import type { CountryLookup } from './short-links-country';
import type { ClickCounter } from './short-links-journal';
import { crawlerOf, deviceOf, hourOf, referrerOf } from './short-links-traffic';

/**
 * The short-link redirect before Fastify (docs/decisions/0097-short-link-fast-path.md): `GET`/`HEAD /<code>` is
 * answered by the HTTP server's front door (lib/front-door.ts) with the same status, headers, body and journal
 * line as the Fastify route (short-links.routes.ts), without the app's per-request hooks, from a cache of the
 * links looked up (short-links-cache.ts). It takes only requests it can answer exactly as the route would; the
 * rest (another method, a body, a path or query with a percent sign or other characters, a custom code's shape
 * that is no link, a failed lookup) go to Fastify untouched.
 */

/** The Fastify route's template: also the `route` label of the requests the fast path counts in /metrics. */
export const REDIRECT_ROUTE = '/:code(^[A-Za-z0-9_-]{4,50}$)';

/** The longest path the fast path looks at: `/` and a custom code of 50 characters. */
const MAX_PATH = 51;
/**
 * A query the fast path passes over: printable ASCII without a NUL (`%00` is refused with a 400 by the input
 * guard, plugins/input-guard.ts); anything else goes to Fastify. The route never reads the query.
 */
const PLAIN_QUERY = /^[\x21-\x7e]*$/;
const NUL_ESCAPE = /%00/i;

/** Requests the fast path looked up and found no link for: the route sends them on without a second lookup. */
const foundNoLink = new WeakSet<IncomingMessage>();

/** Whether the fast path already looked this request's custom-shaped code up and found nothing. */
export function fastPathFoundNoLink(request: IncomingMessage): boolean {
  return foundNoLink.has(request);
}

/** The code of a request the fast path may answer, or null (Fastify answers it). */
export function fastPathCode(method: string | undefined, url: string | undefined): string | null {
  if ((method !== 'GET' && method !== 'HEAD') || !url || url.charCodeAt(0) !== 47) return null;
  const query = url.indexOf('?');
  const pathEnd = query === -1 ? url.length : query;
  if (pathEnd > MAX_PATH) return null;
  const code = url.slice(1, pathEnd);
  if (!isServedShortLinkCode(code)) return null;
  if (query !== -1) {
    const rest = url.slice(query + 1);
    if (!PLAIN_QUERY.test(rest) || NUL_ESCAPE.test(rest)) return null;
  }
  return code;
}

/** A request announcing a body: Fastify's (the route reads none, but the front door never touches one). */
function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

export interface ClickSources {
  counter: ClickCounter;
  countries: CountryLookup;
  log: FastifyBaseLogger;
}

/**
 * Journals one click of a person or a crawler (docs/decisions/0080-short-links.md, "Counting"): the route and the
 * fast path both call it. A journal that cannot be written is logged; the visitor still gets the redirect.
 */
export function journalClick(
  sources: ClickSources,
  linkId: string,
  headers: IncomingHttpHeaders,
  ip: string,
  written?: () => void,
): void {
  const userAgent = headers['user-agent'];
  const crawler = crawlerOf(userAgent);
  try {
    sources.counter.record(
      {
        linkId,
        hour: hourOf(Date.now()),
        referrer: referrerOf(headers.referer),
        device: deviceOf(userAgent),
        crawler,
        country: sources.countries.countryOf(ip),
        visitor: crawler ? '' : sources.counter.visitorOf(linkId, ip, userAgent ?? ''),
      },
      written,
    );
  } catch (err) {
    // The data folder cannot be written (full, removed): the visitor still gets where they were going.
    sources.log.error({ err }, 'a short-link click could not be journaled');
    written?.();
  }
}

export interface FastPathOptions extends ClickSources {
  cache: ShortLinkCache;
  frontDoor: FrontDoor;
  /** Fastify's trustProxy (TRUST_PROXY): the client's address is read as `request.ip` reads it. */
  trustProxy: string[];
  /** The security headers every answer carries (plugins/security.ts). */
  securityHeaders: (request: IncomingMessage) => ReadonlyArray<readonly [string, string]>;
  /** The request's id, as Fastify's genReqId makes it (plugins/security.ts). */
  requestId: (request: IncomingMessage) => string;
}

const NOT_FOUND_BODY = Buffer.from(SHORT_LINK_MESSAGES.visitorNotFound);

/** The answer itself: the route's status, headers and body, and the click for a GET of a live link. */
function answer(
  options: FastPathOptions,
  clientIp: (request: IncomingMessage) => string,
  request: IncomingMessage,
  response: ServerResponse,
  link: LinkByCode | null,
  started: number,
): void {
  for (const [name, value] of options.securityHeaders(request)) response.setHeader(name, value);
  const live = link && !link.disabled ? link : null;
  if (live) {
    // writeHead checks every header before anything is sent: a target it refuses throws before the click.
    response.writeHead(302, {
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
      location: live.target,
      'x-request-id': options.requestId(request),
      'content-length': '0',
    });
    // The redirect goes out once its click is journaled (with the others of this turn: one write).
    if (request.method === 'GET') {
      const done = options.frontDoor.begin();
      journalClick(options, live.id, request.headers, clientIp(request), () => {
        response.end();
        done();
      });
    } else response.end();
  } else {
    response.writeHead(404, {
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
      'content-type': 'text/plain; charset=utf-8',
      'x-request-id': options.requestId(request),
      'content-length': String(NOT_FOUND_BODY.length),
    });
    response.end(request.method === 'HEAD' ? undefined : NOT_FOUND_BODY);
  }
  const seconds = (performance.now() - started) / 1000;
  recordHttpRequest(request.method ?? 'GET', REDIRECT_ROUTE, live ? 302 : 404, seconds);
}

/**
 * Hands a request the fast path could not answer to Fastify, as it came: nothing has been sent yet, and the
 * headers it had set are taken back (Fastify answers as it always did, its error page included).
 */
function handBack(frontDoor: FrontDoor, request: IncomingMessage, response: ServerResponse): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  for (const name of response.getHeaderNames()) response.removeHeader(name);
  frontDoor.fallback(request, response);
}

/** The front door's short-link path: a cached link is answered at once, another one after its lookup. */
export function shortLinkFastPath(options: FastPathOptions): FastPath {
  const trust = proxyAddr.compile(options.trustProxy);
  const clientIp = (request: IncomingMessage) => proxyAddr(request, trust);
  return (request, response) => {
    const code = fastPathCode(request.method, request.url);
    if (code === null || hasBody(request.headers)) return false;
    const started = performance.now();
    const cached = options.cache.peek(code);
    if (cached) {
      try {
        answer(options, clientIp, request, response, cached, started);
      } catch {
        handBack(options.frontDoor, request, response);
      }
      return true;
    }
    const done = options.frontDoor.begin();
    options.cache
      .load(code)
      .then((link) => {
        // A custom code's shape that is no link is a mistyped page: the app's own "page not found" (Fastify).
        if (!link && !isShortLinkCode(code)) {
          foundNoLink.add(request);
          options.frontDoor.fallback(request, response);
        } else {
          answer(options, clientIp, request, response, link, started);
        }
      })
      // A failed lookup or answer: Fastify's route tries again and answers as it always did (logged there).
      .catch(() => handBack(options.frontDoor, request, response))
      .finally(done);
    return true;
  };
}
