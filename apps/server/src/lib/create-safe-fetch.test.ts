import { ADDRESS_MESSAGES } from '@relaycast/shared/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AddressFixtures, startAddressFixtures } from '../../test/address-fixtures';
import { createSafeFetch, SafeFetchError } from './safe-fetch';

let fx: AddressFixtures;

beforeAll(async () => {
  fx = await startAddressFixtures();
});
afterAll(() => fx.close());
beforeEach(() => {
  fx.internal.connections = 0;
  fx.internal.requests.length = 0;
  fx.external.requests.length = 0;
  fx.external.handle = (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  };
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected the request to fail'),
    (caught: unknown) => caught,
  );
}

describe('createSafeFetch', () => {
  it('connects only to the address it checked, even when DNS answers differently afterwards (rebinding)', async () => {
    const resolve = fx.resolver({ 'public.test': [['127.0.0.2'], ['127.0.0.1']] });
    const safe = createSafeFetch(fx.policy(resolve));
    const response = await safe(`https://public.test:${fx.port}/hello`);
    expect(await response.json()).toEqual({ ok: true });
    expect(resolve.calls).toEqual(['public.test']);
    expect(fx.external.requests.map((request) => request.url)).toEqual(['/hello']);
    expect(fx.internal.connections).toBe(0);
  });

  it('refuses a name that resolves inside the network without connecting', async () => {
    const resolve = fx.resolver({ 'public.test': ['127.0.0.1'] });
    const error = await failure(createSafeFetch(fx.policy(resolve))(`https://public.test:${fx.port}/`));
    expect(error).toBeInstanceOf(SafeFetchError);
    expect((error as SafeFetchError).reason).toBe('blocked');
    expect((error as SafeFetchError).message).toBe(ADDRESS_MESSAGES.privateAddress('127.0.0.1'));
    expect(fx.internal.connections).toBe(0);
  });

  it.each([
    ['a loopback literal', (port: number) => `http://127.0.0.1:${port}/secret`],
    ['a name resolving to loopback', (port: number) => `http://internal.test:${port}/secret`],
    ['the decimal form of loopback', (port: number) => `http://2130706433:${port}/secret`],
    ['IPv4-mapped loopback', (port: number) => `http://[::ffff:127.0.0.1]:${port}/secret`],
  ])('re-checks a GET redirect hop and refuses %s', async (_label, target) => {
    fx.external.handle = (_request, response) => {
      response.writeHead(302, { location: target(fx.port) });
      response.end();
    };
    const resolve = fx.resolver({ 'public.test': ['127.0.0.2'], 'internal.test': ['127.0.0.1'] });
    const error = await failure(createSafeFetch(fx.policy(resolve))(`https://public.test:${fx.port}/go`));
    expect((error as SafeFetchError).reason).toBe('blocked');
    expect(fx.external.requests).toHaveLength(1);
    expect(fx.internal.connections).toBe(0);
  });

  it('never re-sends a POST elsewhere: a 307 comes back as the answer and the body goes nowhere', async () => {
    fx.external.handle = (_request, response) => {
      response.writeHead(307, { location: `http://127.0.0.1:${fx.port}/steal` });
      response.end();
    };
    const resolve = fx.resolver({ 'public.test': ['127.0.0.2'] });
    const response = await createSafeFetch(fx.policy(resolve))(`https://public.test:${fx.port}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'hunter2' }),
    });
    expect(response.status).toBe(307);
    expect(fx.external.requests[0]?.body).toBe('{"password":"hunter2"}');
    expect(fx.internal.connections).toBe(0);
  });

  it('follows a GET redirect to another public origin without its Authorization header', async () => {
    fx.external.handle = (request, response) => {
      if (request.url === '/start') {
        response.writeHead(302, { location: `https://bsky.test:${fx.port}/landed` });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`authorization=${request.headers.authorization ?? 'none'}`);
    };
    const resolve = fx.resolver({ 'public.test': ['127.0.0.2'], 'bsky.test': ['127.0.0.2'] });
    const response = await createSafeFetch(fx.policy(resolve))(`https://public.test:${fx.port}/start`, {
      headers: { authorization: 'Bearer secret' },
    });
    expect(await response.text()).toBe('authorization=none');
    expect(fx.external.requests[0]?.headers.authorization).toBe('Bearer secret');
  });

  it('still verifies the TLS certificate against the name it connects for', async () => {
    const resolve = fx.resolver({ 'other.test': ['127.0.0.2'] });
    const error = await failure(createSafeFetch(fx.policy(resolve))(`https://other.test:${fx.port}/`));
    expect(error).toBeInstanceOf(TypeError);
    expect(String((error as { cause?: { code?: string } }).cause?.code)).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(fx.external.requests).toHaveLength(0);
  });

  it('skips the check for origins the administrator configured, and for nothing else', async () => {
    const resolve = fx.resolver({});
    const safe = createSafeFetch(fx.policy(resolve), { trustedOrigins: [`http://127.0.0.1:${fx.port}`] });
    const trusted = await safe(`http://127.0.0.1:${fx.port}/admin-configured`);
    expect(await trusted.json()).toEqual({ internal: true });
    const error = await failure(safe(`http://localhost:${fx.port}/other`));
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('ENOTFOUND');
    expect(fx.internal.requests.map((request) => request.url)).toEqual(['/admin-configured']);
  });
});
