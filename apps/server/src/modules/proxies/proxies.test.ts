import { randomUUID } from 'node:crypto';
import type { AccountProxy } from '@relaycast/shared/proxies';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountProxies, socialAccounts } from '../../db/schema/index';
import {
  type FakeAddressEcho,
  type FakeProxy,
  startAddressEcho,
  startHttpProxy,
  startSocks5Proxy,
} from '../../lib/proxy-connect.fake';
import { decryptSecret } from '../../lib/secrets';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { startTwitterFake } from '../../platforms/twitter/twitter.fake';
import { connectViaOAuth, platformsConfig, TEST_CLIENT } from '../accounts/accounts.test-support';
import { connectMastodon, createPost, targetsOf } from '../publishing/publishing.test-support';

/**
 * An account's proxy (docs/proxies.md): its publishing goes through a local HTTP proxy and a local SOCKS5 proxy
 * started here, never directly; a dead proxy pauses the account with the reason; the password never comes back.
 */

let t: TestApp;
let fake: PlatformFake;
let twitter: PlatformFake;
let httpProxy: FakeProxy;
let socksProxy: FakeProxy;
let echo: FakeAddressEcho;
let ada: SignedInUser;
let bob: SignedInUser;
let account: string;

const HTTP_PASSWORD = 'http-secret-4821';
const SOCKS_PASSWORD = 'socks-secret-7719';

beforeAll(async () => {
  fake = await startMastodonFake();
  twitter = await startTwitterFake();
  httpProxy = await startHttpProxy({ username: 'ada', password: HTTP_PASSWORD });
  socksProxy = await startSocks5Proxy({ username: 'ada', password: SOCKS_PASSWORD });
  echo = await startAddressEcho();
  t = await createTestApp({
    config: {
      platforms: platformsConfig({
        mastodon: { baseUrl: fake.url },
        twitter: { ...TEST_CLIENT, baseUrl: twitter.url },
      }),
      allowPrivateAddresses: true,
      proxyCheckUrl: echo.url,
    },
    publishing: {
      runWorkers: false,
      engine: { retryBaseMs: 1_000, attemptTimeoutMs: 60_000 },
    },
  });
  await t.app.ready();
  ada = await signInAsNewUser(t, { name: 'Ada' });
  bob = await signInAsNewUser(t, { name: 'Bob' });
  account = await connectMastodon(t, ada, fake);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([
    fake?.close(),
    twitter?.close(),
    httpProxy?.close(),
    socksProxy?.close(),
    echo?.close(),
  ]);
});

const fakeHost = () => new URL(fake.url).host;

async function publishNow(content: string) {
  const post = await createPost(t, ada, {
    content,
    platforms: ['mastodon'],
    accountIds: [account],
    action: 'now',
  });
  for (const target of post.targets) await t.app.publishing.engine.publishTarget(target.id);
  return (await targetsOf(t, post.id))[0];
}

async function proxyOf(user: SignedInUser): Promise<AccountProxy | undefined> {
  const listed = await user.get('/api/accounts/proxies');
  expect(listed.statusCode, listed.body).toBe(200);
  return (listed.json().proxies as AccountProxy[]).find((proxy) => proxy.accountId === account);
}

describe('an account behind a proxy', () => {
  it('publishes through a local HTTP proxy with credentials, which are never sent back', async () => {
    const saved = await ada.send('PUT', `/api/accounts/${account}/proxy`, {
      type: 'http',
      host: '127.0.0.1',
      port: httpProxy.port,
      username: 'ada',
      password: HTTP_PASSWORD,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      type: 'http',
      username: 'ada',
      hasPassword: true,
      status: 'unchecked',
    });
    expect(saved.body).not.toContain(HTTP_PASSWORD);
    const [row] = await t.db.select().from(accountProxies).where(eq(accountProxies.accountId, account));
    expect(row?.passwordEncrypted).not.toContain(HTTP_PASSWORD);
    expect(decryptSecret(row?.passwordEncrypted ?? '', t.config.appSecret)).toBe(HTTP_PASSWORD);

    const before = fake.published.length;
    const target = await publishNow('Through the HTTP proxy');
    expect(target?.status, target?.lastError ?? '').toBe('published');
    expect(fake.published.length).toBe(before + 1);
    expect(httpProxy.connects).toContain(fakeHost());
    const listed = await ada.get('/api/accounts/proxies');
    expect(listed.body).not.toContain(HTTP_PASSWORD);
    expect((await proxyOf(ada))?.status).toBe('working');
  });

  it('checks the proxy: the address the platform sees, through the proxy', async () => {
    const requestsBefore = echo.requests;
    const checked = await ada.send('POST', `/api/accounts/${account}/proxy/check`, {});
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ ok: true, egressAddress: '127.0.0.1' });
    expect(echo.requests).toBe(requestsBefore + 1);
    expect(httpProxy.connects).toContain(new URL(echo.url).host);
    expect((await proxyOf(ada))?.egressAddress).toBe('127.0.0.1');
    // Values on screen, before saving: a wrong password is refused by the proxy, and the stored one stays.
    const wrong = await ada.send('POST', `/api/accounts/${account}/proxy/check`, {
      type: 'http',
      host: '127.0.0.1',
      port: httpProxy.port,
      username: 'ada',
      password: 'wrong',
    });
    expect(wrong.json()).toMatchObject({ ok: false });
    expect(wrong.json().message).toContain('407');
    expect((await proxyOf(ada))?.status).toBe('working');
  });

  it('asks for confirmation before changing the proxy, then publishes through a local SOCKS5 proxy', async () => {
    const socks = {
      type: 'socks5',
      host: '127.0.0.1',
      port: socksProxy.port,
      username: 'ada',
      password: SOCKS_PASSWORD,
    };
    const unconfirmed = await ada.send('PUT', `/api/accounts/${account}/proxy`, socks);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toMatch(/Confirm the change/);
    const confirmed = await ada.send('PUT', `/api/accounts/${account}/proxy`, { ...socks, replace: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.body).not.toContain(SOCKS_PASSWORD);

    const httpBefore = httpProxy.connects.length;
    const target = await publishNow('Through the SOCKS5 proxy');
    expect(target?.status, target?.lastError ?? '').toBe('published');
    expect(socksProxy.connects).toContain(fakeHost());
    expect(httpProxy.connects.length).toBe(httpBefore);
  });

  it('refreshes the tokens of an account through its proxy', async () => {
    const connected = await connectViaOAuth(t, ada, { url: '/api/accounts/oauth/twitter/start' });
    expect(connected.result).toBe('connected');
    const twitterAccount = connected.screen.searchParams.get('account') ?? '';
    const saved = await ada.send('PUT', `/api/accounts/${twitterAccount}/proxy`, {
      type: 'socks5',
      host: '127.0.0.1',
      port: socksProxy.port,
      username: 'ada',
      password: SOCKS_PASSWORD,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const tokenCalls = twitter.server.received('POST', '/2/oauth2/token').length;
    const refreshed = await ada.send('POST', `/api/accounts/${twitterAccount}/refresh`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(twitter.server.received('POST', '/2/oauth2/token').length).toBe(tokenCalls + 1);
    expect(socksProxy.connects).toContain(new URL(twitter.url).host);
  });

  it('keeps another workspace out of the account’s proxy', async () => {
    const body = { type: 'http', host: '127.0.0.1', port: httpProxy.port, replace: true };
    expect((await bob.send('PUT', `/api/accounts/${account}/proxy`, body)).statusCode).toBe(404);
    expect((await bob.send('POST', `/api/accounts/${account}/proxy/check`, {})).statusCode).toBe(404);
    expect((await bob.send('DELETE', `/api/accounts/${account}/proxy`)).statusCode).toBe(404);
    expect(await proxyOf(bob)).toBeUndefined();
    expect((await proxyOf(ada))?.type).toBe('socks5');
  });

  it('refuses a malformed proxy with a clear message', async () => {
    const scheme = await ada.send('PUT', `/api/accounts/${account}/proxy`, {
      type: 'http',
      host: 'http://proxy.example.com',
      port: 8080,
      replace: true,
    });
    expect(scheme.statusCode).toBe(400);
    expect(scheme.body).toContain('Enter only a host name or address');
    const port = await ada.send('PUT', `/api/accounts/${account}/proxy`, {
      type: 'socks5',
      host: 'proxy.example.com',
      port: 70_000,
      replace: true,
    });
    expect(port.statusCode).toBe(400);
    expect(port.body).toContain('Enter a port between 1 and 65535.');
  });

  it('pauses the account with the reason when its proxy is down, and sends nothing without it', async () => {
    const dead = await startHttpProxy();
    const deadPort = dead.port;
    await dead.close();
    const saved = await ada.send('PUT', `/api/accounts/${account}/proxy`, {
      type: 'http',
      host: '127.0.0.1',
      port: deadPort,
      replace: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().hasPassword).toBe(false);

    const before = fake.published.length;
    const requestsBefore = fake.server.requests.length;
    const target = await publishNow('Never sent directly');
    expect(target?.status).toBe('retrying');
    expect(target?.lastError).toContain(`127.0.0.1:${deadPort} could not be reached`);
    const proxy = await proxyOf(ada);
    expect(proxy?.status).toBe('down');
    expect(proxy?.lastError).toContain('could not be reached');
    // Paused: the next call is refused at once, saying why, and the platform never heard from the account.
    const again = await publishNow('Still not sent');
    expect(again?.lastError).toContain('Paused');
    expect(fake.published.length).toBe(before);
    expect(fake.server.requests.length).toBe(requestsBefore);
    const [stored] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, account));
    expect(stored?.status).toBe('connected');

    const removed = await ada.send('DELETE', `/api/accounts/${account}/proxy`);
    expect(removed.statusCode).toBe(204);
    expect(await proxyOf(ada)).toBeUndefined();
  });
});

describe('the proxy’s own address', () => {
  let strict: TestApp;
  let carol: SignedInUser;

  beforeAll(async () => {
    strict = await createTestApp({ config: { allowPrivateAddresses: false } });
    carol = await signInAsNewUser(strict, { name: 'Carol' });
  }, 60_000);
  afterAll(() => strict?.close());

  it('refuses a proxy inside the server’s network without ALLOW_PRIVATE_ADDRESSES', async () => {
    const id = randomUUID();
    await strict.db.insert(socialAccounts).values({
      id,
      workspaceId: carol.workspaceId,
      platform: 'mastodon',
      platformAccountId: 'carol-1',
      handle: '@carol',
      status: 'connected',
    });
    const refused = await carol.send('PUT', `/api/accounts/${id}/proxy`, {
      type: 'socks5',
      host: '127.0.0.1',
      port: 1080,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PRIVATE_ADDRESS' });
    expect(refused.json().message).toContain("inside the server's network");
    const checked = await carol.send('POST', `/api/accounts/${id}/proxy/check`, {
      type: 'http',
      host: '10.0.0.8',
      port: 3128,
    });
    expect(checked.statusCode).toBe(400);
  });
});
