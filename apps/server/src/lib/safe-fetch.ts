import { isIP } from 'node:net';
import type { Agent } from 'undici';
import { type AddressPolicy, addressPolicy, checkHost, PrivateAddressError } from './address-policy';

export { isPrivateAddress, type ResolvedAddress, type Resolver } from './address-policy';

/**
 * Fetches from addresses users gave us without letting them reach the server's own network (decision 0014).
 * `createSafeFetch(policy)` returns a `fetch`-compatible function: every connection goes through a checking
 * connector that resolves the name once, refuses it under the address policy, and connects to the very address
 * it checked (no second lookup a rebinding DNS could answer differently; TLS still verifies the certificate
 * against the name). Redirects are followed by hand, for GET and HEAD only, each hop on a new check; a POST that
 * answers with a redirect is handed back unfollowed, so a body carrying credentials never goes anywhere else.
 * `safeFetch(url)` is the buffered GET on top of it (an article to read): size- and time-capped.
 */

export type SafeFetchFailure =
  | 'invalid-url'
  | 'blocked'
  | 'too-large'
  | 'timeout'
  | 'too-many-redirects'
  | 'failed';

export class SafeFetchError extends Error {
  constructor(
    public readonly reason: SafeFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Whose addresses may be reached; defaults to the strict policy (no private addresses). */
  policy?: AddressPolicy;
  signal?: AbortSignal;
  accept?: string;
}

export interface SafeFetchResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

export const SAFE_FETCH_DEFAULTS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 } as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that belong to one origin and must not follow a redirect to another (as browsers do). */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const USER_AGENT = 'Relaycast/1.0 (+https://github.com/relaycast)';

/**
 * One connection pool per policy object; the production policies are two shared objects. Made on the first
 * request that needs one: undici (the package, not Node's built-in fetch) adds about 19 MB to the server's
 * memory, which a server that never calls out does not pay (docs/benchmarks.md, "Server memory").
 */
const agents = new WeakMap<AddressPolicy, Promise<Agent>>();

function checkingAgent(policy: AddressPolicy): Promise<Agent> {
  const existing = agents.get(policy);
  if (existing) return existing;
  const agent = import('undici').then((undici) => makeCheckingAgent(undici, policy));
  agents.set(policy, agent);
  return agent;
}

function makeCheckingAgent({ Agent, buildConnector }: typeof import('undici'), policy: AddressPolicy): Agent {
  const connect = buildConnector({ timeout: 10_000, ...(policy.ca ? { ca: policy.ca } : {}) });
  return new Agent({
    connect(options, callback) {
      const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
      checkHost(options.hostname, port, policy).then(
        (target) =>
          connect(
            {
              ...options,
              hostname: target.address,
              // The socket goes to the checked address; TLS verifies the certificate against the name.
              servername: options.servername || (isIP(options.hostname) ? undefined : options.hostname),
            },
            callback,
          ),
        (error: Error) => callback(error, null),
      );
    },
  });
}

function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('invalid-url', `not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('invalid-url', `only http and https are allowed, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new SafeFetchError('invalid-url', 'credentials in the URL');
  return url;
}

async function send(url: URL, init: RequestInit & { dispatcher?: Agent }): Promise<Response> {
  try {
    return await fetch(url, init as RequestInit);
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof PrivateAddressError) throw new SafeFetchError('blocked', cause.message);
    throw error;
  }
}

async function checkLiteral(url: URL, policy: AddressPolicy): Promise<void> {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  try {
    await checkHost(url.hostname, port, policy);
  } catch (error) {
    if (error instanceof PrivateAddressError) throw new SafeFetchError('blocked', error.message);
    throw error;
  }
}

export interface SafeFetchSettings {
  /**
   * Origins the administrator configured (a platform's <PLATFORM>_BASE_URL): trusted like AI_BASE_URL, so
   * requests to them skip the address check. A redirect from them to anywhere else is checked.
   */
  trustedOrigins?: Iterable<string>;
  maxRedirects?: number;
}

const SAFE = Symbol('safe-fetch');

/** Whether a fetch function came from createSafeFetch (so a context is not wrapped twice). */
export function isSafeFetch(candidate: unknown): boolean {
  return typeof candidate === 'function' && (candidate as { [SAFE]?: boolean })[SAFE] === true;
}

/** A `fetch` that only reaches what the policy allows (see the top of this file). */
export function createSafeFetch(policy: AddressPolicy, settings: SafeFetchSettings = {}): typeof fetch {
  const trusted = new Set([...(settings.trustedOrigins ?? [])].map((origin) => new URL(origin).origin));
  const maxRedirects = settings.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const safe = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (input instanceof Request) throw new TypeError('the safe fetch takes a URL, not a Request');
    let url = parseTarget(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    const mode = init.redirect ?? 'follow';
    const follows = mode === 'follow' && (method === 'GET' || method === 'HEAD');
    const headers = new Headers(init.headers);
    for (let redirects = 0; ; redirects += 1) {
      const dispatcher = trusted.has(url.origin) ? undefined : await checkingAgent(policy);
      // An address literal is refused at once, before fetch's own checks (its blocked ports) can answer first.
      if (dispatcher && isIP(url.hostname.replace(/^\[|\]$/g, ''))) await checkLiteral(url, policy);
      const response = await send(url, { ...init, headers, redirect: 'manual', dispatcher });
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
      if (location === null || mode === 'manual') return response;
      if (mode === 'error') {
        await response.body?.cancel();
        throw new TypeError(`redirect to ${location} refused`);
      }
      // A POST (credentials, a publish) is never re-sent elsewhere: the caller sees the redirect as an answer.
      if (!follows) return response;
      await response.body?.cancel();
      if (redirects >= maxRedirects) {
        throw new SafeFetchError('too-many-redirects', `more than ${maxRedirects} redirects`);
      }
      const next = parseTarget(new URL(location, url).toString());
      if (next.origin !== url.origin) for (const name of ORIGIN_BOUND_HEADERS) headers.delete(name);
      url = next;
    }
  };
  return Object.assign(safe, { [SAFE]: true }) as typeof fetch;
}

/** The body of `response`, refused (SafeFetchError too-large) past `maxBytes`, declared or received. */
export async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new SafeFetchError('too-large', `declared ${declared} bytes`);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      throw new SafeFetchError('too-large', `more than ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(value));
  }
}

/** GETs a page a user pointed at (an article), capped in size and time, through createSafeFetch. */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const deadline = AbortSignal.timeout(options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const doFetch = createSafeFetch(options.policy ?? addressPolicy(false), {
    maxRedirects: options.maxRedirects,
  });
  const url = parseTarget(rawUrl);
  try {
    const response = await doFetch(url, {
      headers: {
        accept: options.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        'user-agent': USER_AGENT,
      },
      signal,
    });
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel();
      throw new SafeFetchError('failed', `HTTP ${response.status}`);
    }
    const body = await readCapped(response, maxBytes);
    return {
      url: response.url || url.toString(),
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body,
    };
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    if (deadline.aborted) throw new SafeFetchError('timeout', 'the page took too long');
    if (options.signal?.aborted) throw new SafeFetchError('failed', 'cancelled');
    const cause = (error as { cause?: unknown }).cause;
    const detail = cause instanceof Error ? cause.message : error instanceof Error ? error.message : '';
    throw new SafeFetchError('failed', detail || String(error));
  }
}
