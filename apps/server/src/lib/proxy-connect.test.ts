import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TLS_CERT, TEST_TLS_KEY } from '../../test/tls-fixture';
import type { AddressPolicy } from './address-policy';
import { createProxyAgent, type ProxyEndpoint, ProxyFailure, proxyFailureOf } from './proxy-connect';
import { type FakeProxy, startHttpProxy, startSocks5Proxy } from './proxy-connect.fake';

/**
 * The tunnels of lib/proxy-connect.ts on their own: an HTTPS proxy (TLS to the proxy, its certificate verified
 * against its name), credentials refused, a dead proxy and a private one, each a ProxyFailure (nothing sent).
 */

let target: Server;
let targetUrl: string;
let httpsProxy: FakeProxy;
let socksProxy: FakeProxy;

/** public.test resolves to the loopback and counts as public here; its certificate is the fixture's. */
const TEST_POLICY: AddressPolicy = {
  allowPrivate: false,
  resolve: async () => [{ address: '127.0.0.1', family: 4 }],
  isBlocked: () => false,
  ca: TEST_TLS_CERT,
};

beforeAll(async () => {
  target = createServer((_request, response) => response.end('hello from the platform'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  httpsProxy = await startHttpProxy({
    username: 'ada',
    password: 'pw',
    tls: { cert: TEST_TLS_CERT, key: TEST_TLS_KEY },
  });
  socksProxy = await startSocks5Proxy({ username: 'ada', password: 'pw' });
});

afterAll(async () => {
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
  await Promise.all([httpsProxy.close(), socksProxy.close()]);
});

async function fetchThrough(endpoint: ProxyEndpoint, policy: AddressPolicy = TEST_POLICY): Promise<string> {
  const agent = await createProxyAgent(endpoint, policy);
  try {
    const response = await fetch(targetUrl, { dispatcher: agent } as RequestInit);
    return await response.text();
  } finally {
    await agent.close();
  }
}

async function failureOf(
  endpoint: ProxyEndpoint,
  policy: AddressPolicy = TEST_POLICY,
): Promise<ProxyFailure> {
  const error = await fetchThrough(endpoint, policy).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  const failure = proxyFailureOf(error);
  if (!failure) throw new Error(`not a proxy failure: ${String(error)}`);
  return failure;
}

describe('connections through a proxy', () => {
  it('tunnels through an HTTPS proxy by its name, with credentials', async () => {
    const text = await fetchThrough({
      type: 'https',
      host: 'public.test',
      port: httpsProxy.port,
      username: 'ada',
      password: 'pw',
    });
    expect(text).toBe('hello from the platform');
    expect(httpsProxy.connects).toContain(new URL(targetUrl).host);
  });

  it('refuses an HTTPS proxy whose certificate does not match its name', async () => {
    const failure = await failureOf({
      type: 'https',
      host: 'other.test',
      port: httpsProxy.port,
      username: 'ada',
      password: 'pw',
    });
    expect(failure).toBeInstanceOf(ProxyFailure);
    expect(failure.message).toContain('could not be reached');
  });

  it('says when the proxy refuses the user name or password', async () => {
    const https = await failureOf({
      type: 'https',
      host: 'public.test',
      port: httpsProxy.port,
      username: 'ada',
      password: 'no',
    });
    expect(https.message).toContain('refused the user name or password (407)');
    const socks = await failureOf({
      type: 'socks5',
      host: '127.0.0.1',
      port: socksProxy.port,
      username: 'ada',
      password: 'no',
    });
    expect(socks.message).toContain('refused the user name or password');
  });

  it('fails without a connection when the proxy is down or inside the server’s network', async () => {
    const dead = await startHttpProxy();
    const port = dead.port;
    await dead.close();
    const down = await failureOf({ type: 'http', host: '127.0.0.1', port });
    expect(down.message).toContain(`127.0.0.1:${port} could not be reached (ECONNREFUSED)`);
    const strict: AddressPolicy = { allowPrivate: false };
    const connectsBefore = socksProxy.connects.length;
    const refused = await failureOf({ type: 'socks5', host: '127.0.0.1', port: socksProxy.port }, strict);
    expect(refused.message).toContain("inside the server's network");
    expect(socksProxy.connects.length).toBe(connectsBefore);
  });
});
