import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressPolicy } from './address-policy';
import { isPrivateAddress, type Resolver, SafeFetchError, safeFetch } from './safe-fetch';

/** A local fixture server. Its requests are recorded so a test can prove nothing was fetched. */
let server: http.Server;
let port = 0;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://fixture');
    if (url.pathname === '/article') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body><p>Hello</p></body></html>');
    } else if (url.pathname === '/redirect') {
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/article' });
      response.end();
    } else if (url.pathname === '/loop') {
      response.writeHead(301, { location: '/loop' });
      response.end();
    } else if (url.pathname === '/big-declared') {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(3 * 1024 * 1024) });
      response.end();
    } else if (url.pathname === '/big-chunked') {
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const push = () => {
        if (sent >= 48 || response.destroyed) return response.end();
        sent += 1;
        response.write(chunk, () => setImmediate(push));
      };
      push();
    } else if (url.pathname === '/stuck') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html>');
      // never ends
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Names the tests use, resolved without DNS. */
const resolver: Resolver = async (hostname) => {
  const table: Record<string, string[]> = {
    'fixture.test': ['127.0.0.1'],
    'private.test': ['10.1.2.3'],
    'metadata.test': ['169.254.169.254'],
    'loopback.test': ['127.0.0.1'],
    'v6-loopback.test': ['::1'],
    'mixed.test': ['93.184.216.34', '192.168.1.10'],
  };
  const found = table[hostname];
  if (!found) throw new Error(`ENOTFOUND ${hostname}`);
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

/** The real policy, except that the fixture's own address counts as public, so hops can reach it. */
const fixtureIsPublic = (address: string) => address !== '127.0.0.1' && isPrivateAddress(address);
const strict: AddressPolicy = { allowPrivate: false, resolve: resolver };
const fixturePublic: AddressPolicy = { allowPrivate: false, resolve: resolver, isBlocked: fixtureIsPublic };

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.8.8',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a00:1',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111'])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('safeFetch refusals', () => {
  it.each([
    ['loopback IPv4', () => `http://127.0.0.1:${port}/article`],
    ['private 10/8', () => 'http://10.0.0.1/'],
    ['private 192.168/16', () => 'http://192.168.1.1/'],
    ['private 172.16/12', () => 'http://172.20.0.1/'],
    ['link-local metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['loopback IPv6', () => `http://[::1]:${port}/article`],
    ['IPv4-mapped IPv6', () => `http://[::ffff:127.0.0.1]:${port}/article`],
    ['unspecified', () => `http://0.0.0.0:${port}/article`],
    ['a name resolving to loopback', () => `http://loopback.test:${port}/article`],
    ['a name resolving to 10.x', () => 'http://private.test/'],
    ['a name resolving to link-local', () => 'http://metadata.test/'],
    ['a name resolving to ::1', () => 'http://v6-loopback.test/'],
    ['a name with one private address among public ones', () => 'http://mixed.test/'],
  ])('refuses %s without connecting', async (_label, url) => {
    const before = seen.length;
    const error = await refusal(safeFetch(url(), { policy: strict }));
    expect(error.reason).toBe('blocked');
    expect(seen.length).toBe(before);
  });

  it.each([
    'file:///etc/passwd',
    'ftp://example.com/',
    'gopher://x/',
    'not a url',
    'http://user:pw@fixture.test/',
  ])('refuses %s as an invalid URL', async (url) => {
    expect((await refusal(safeFetch(url, { policy: strict }))).reason).toBe('invalid-url');
  });

  it('fetches a public page (the fixture counted as public)', async () => {
    const page = await safeFetch(`http://fixture.test:${port}/article`, {
      policy: fixturePublic,
    });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('Hello');
    expect(page.url).toBe(`http://fixture.test:${port}/article`);
  });

  it('follows a redirect to a public page', async () => {
    const page = await safeFetch(`http://fixture.test:${port}/redirect?to=/article`, {
      policy: fixturePublic,
    });
    expect(page.url).toBe(`http://fixture.test:${port}/article`);
  });

  it.each([
    ['a loopback address', 'http://127.0.0.2/'],
    ['a link-local address', 'http://169.254.169.254/latest/meta-data/'],
    ['a name resolving to 10.x', 'http://private.test/admin'],
    ['IPv6 loopback', 'http://[::1]/'],
  ])('refuses a redirect to %s', async (_label, target) => {
    const error = await refusal(
      safeFetch(`http://fixture.test:${port}/redirect?to=${encodeURIComponent(target)}`, {
        policy: fixturePublic,
      }),
    );
    expect(error.reason).toBe('blocked');
  });

  it('refuses a redirect to another scheme', async () => {
    const error = await refusal(
      safeFetch(`http://fixture.test:${port}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, {
        policy: fixturePublic,
      }),
    );
    expect(error.reason).toBe('invalid-url');
  });

  it('stops after five redirects', async () => {
    const before = seen.length;
    const error = await refusal(safeFetch(`http://fixture.test:${port}/loop`, { policy: fixturePublic }));
    expect(error.reason).toBe('too-many-redirects');
    expect(seen.length - before).toBe(6);
  });

  it('refuses a body declared larger than the limit', async () => {
    const error = await refusal(
      safeFetch(`http://fixture.test:${port}/big-declared`, {
        policy: fixturePublic,
        maxBytes: 2 * 1024 * 1024,
      }),
    );
    expect(error.reason).toBe('too-large');
  });

  it('stops reading a streamed body once it passes the limit', async () => {
    const error = await refusal(
      safeFetch(`http://fixture.test:${port}/big-chunked`, {
        policy: fixturePublic,
        maxBytes: 1024 * 1024,
      }),
    );
    expect(error.reason).toBe('too-large');
  });

  it('gives up on a page that never finishes', async () => {
    const started = Date.now();
    const error = await refusal(
      safeFetch(`http://fixture.test:${port}/stuck`, {
        policy: fixturePublic,
        timeoutMs: 300,
      }),
    );
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
