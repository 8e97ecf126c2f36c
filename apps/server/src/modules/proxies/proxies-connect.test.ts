import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountProxies, oauthStates, socialAccounts } from '../../db/schema/index';
import {
  type FakeAddressEcho,
  type FakeProxy,
  startAddressEcho,
  startHttpProxy,
  startSocks5Proxy,
} from '../../lib/proxy-connect.fake';
import { decryptSecret } from '../../lib/secrets';
import { startBlueskyFake } from '../../platforms/bluesky/bluesky.fake';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { FakeRequest, FakeServer, PlatformFake } from '../../platforms/testing/server.fake';
import { startTwitterFake } from '../../platforms/twitter/twitter.fake';
import {
  callbackWith,
  connectViaOAuth,
  platformsConfig,
  setPlan,
  TEST_CLIENT,
} from '../accounts/accounts.test-support';
import { connectProxyOf } from '../accounts/connect-proxy';

// Over 300 lines on purpose: the connect flows, dead proxies and workspaces share one app and its fakes.

/**
 * Connecting an account through a proxy (docs/decisions/0098-proxy-at-connection.md): the OAuth code exchange,
 * the Bluesky sign-in and the Mastodon app registration and token exchange reach the fake platforms only through
 * a local HTTP or SOCKS5 proxy started here (each request's source port is one of the proxy's tunnels), the proxy
 * is saved onto the account, a reconnect goes through it, and a dead proxy refuses the connection saving nothing.
 */

let t: TestApp;
let twitter: PlatformFake;
let bluesky: PlatformFake;
let mastodon: PlatformFake;
let httpProxy: FakeProxy;
let socksProxy: FakeProxy;
let echo: FakeAddressEcho;
let deadPort: number;
let ada: SignedInUser;
let bob: SignedInUser;

const HTTP_PASSWORD = 'http-secret-3317';
const SOCKS_PASSWORD = 'socks-secret-9021';

beforeAll(async () => {
  twitter = await startTwitterFake();
  bluesky = await startBlueskyFake();
  mastodon = await startMastodonFake();
  httpProxy = await startHttpProxy({ username: 'ada', password: HTTP_PASSWORD });
  socksProxy = await startSocks5Proxy({ username: 'ada', password: SOCKS_PASSWORD });
  echo = await startAddressEcho();
  const closed = await startHttpProxy();
  deadPort = closed.port;
  await closed.close();
  t = await createTestApp({
    config: {
      platforms: platformsConfig({
        twitter: { ...TEST_CLIENT, baseUrl: twitter.url },
        bluesky: { baseUrl: bluesky.url },
      }),
      allowPrivateAddresses: true,
      proxyCheckUrl: echo.url,
    },
  });
  await t.app.ready();
  ada = await signInAsNewUser(t, { name: 'Ada' });
  bob = await signInAsNewUser(t, { name: 'Bob' });
  await setPlan(t.db, ada.workspaceId, 'premium');
  await setPlan(t.db, bob.workspaceId, 'premium');
}, 180_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([
    twitter?.close(),
    bluesky?.close(),
    mastodon?.close(),
    httpProxy?.close(),
    socksProxy?.close(),
    echo?.close(),
  ]);
});

const httpInput = { type: 'http', host: '127.0.0.1', port: 0, username: 'ada', password: HTTP_PASSWORD };
const viaHttp = () => ({ ...httpInput, port: httpProxy.port });
const viaSocks = () => ({
  type: 'socks5',
  host: '127.0.0.1',
  port: socksProxy.port,
  username: 'ada',
  password: SOCKS_PASSWORD,
});
/** The fake's authorizations each make a new X user unless told which one signs in. */
const SAME_X_USER = { loginHint: 'ada-x' };
const deadProxy = () => ({ type: 'http', host: '127.0.0.1', port: deadPort });

/** Every request to the platform since `from` came through the proxy's tunnels (none went out directly). */
function expectAllThrough(
  server: FakeServer,
  from: number,
  proxy: FakeProxy,
  except: (r: FakeRequest) => boolean,
) {
  const seen = server.requests.slice(from).filter((request) => !except(request));
  expect(seen.length).toBeGreaterThan(0);
  for (const request of seen) {
    expect(
      proxy.localPorts.has(request.remotePort ?? -1),
      `${request.method} ${request.path} went out directly`,
    ).toBe(true);
  }
  return seen;
}

/** The browser's own visit to the consent page: not ours to proxy. */
const isAuthorizePage = (request: FakeRequest) => request.path.endsWith('/authorize');

async function accountsOf(workspaceId: string, platform: string) {
  return t.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.platform, platform)));
}

async function proxyRowOf(accountId: string) {
  const [row] = await t.db.select().from(accountProxies).where(eq(accountProxies.accountId, accountId));
  return row;
}

describe('connecting an account through a proxy', () => {
  let xAccount: string;

  it('X: checks the proxy, then the code exchange and the profile go through it; the proxy is saved', async () => {
    const echoed = echo.requests;
    const from = twitter.server.requests.length;
    const { result, screen, authorizeUrl } = await connectViaOAuth(
      t,
      ada,
      {
        url: '/api/accounts/oauth/twitter/start',
        body: { proxy: viaHttp() },
      },
      SAME_X_USER,
    );
    expect(result, screen.toString()).toBe('connected');
    expect(echo.requests).toBe(echoed + 1);
    expect(authorizeUrl.toString()).not.toContain(HTTP_PASSWORD);
    const seen = expectAllThrough(twitter.server, from, httpProxy, isAuthorizePage);
    expect(seen.map((request) => request.path)).toContain('/2/oauth2/token');
    expect(httpProxy.connects).toContain(new URL(twitter.url).host);

    const [account] = await accountsOf(ada.workspaceId, 'twitter');
    xAccount = account?.id ?? '';
    const row = await proxyRowOf(xAccount);
    expect(row).toMatchObject({ type: 'http', port: httpProxy.port, username: 'ada', status: 'working' });
    expect(row?.passwordEncrypted).not.toContain(HTTP_PASSWORD);
    expect(decryptSecret(row?.passwordEncrypted ?? '', t.config.appSecret)).toBe(HTTP_PASSWORD);
    const listed = await ada.get('/api/accounts/proxies');
    expect(listed.body).not.toContain(HTTP_PASSWORD);
  });

  it('keeps the pending proxy server-side only: encrypted in the state row, never in the URL', async () => {
    const started = await ada.send('POST', '/api/accounts/oauth/twitter/start', { proxy: viaHttp() });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.body).not.toContain(HTTP_PASSWORD);
    expect(started.body).not.toContain(String(httpProxy.port));
    const rows = await t.db.select().from(oauthStates).where(eq(oauthStates.workspaceId, ada.workspaceId));
    const pending = rows.find((row) => row.proxyEncrypted !== null);
    expect(pending?.proxyEncrypted).not.toContain(HTTP_PASSWORD);
    expect(decryptSecret(pending?.proxyEncrypted ?? '', t.config.appSecret)).toContain(HTTP_PASSWORD);
  });

  it('a reconnect goes through the account’s proxy; changing it there needs the confirmation', async () => {
    let from = twitter.server.requests.length;
    const again = await connectViaOAuth(
      t,
      ada,
      {
        url: '/api/accounts/oauth/twitter/start',
        body: { accountId: xAccount },
      },
      SAME_X_USER,
    );
    expect(again.result).toBe('connected');
    expectAllThrough(twitter.server, from, httpProxy, isAuthorizePage);

    const unconfirmed = await ada.send('POST', '/api/accounts/oauth/twitter/start', {
      accountId: xAccount,
      proxy: viaSocks(),
    });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().code).toBe('CONFLICT');

    from = twitter.server.requests.length;
    const changed = await connectViaOAuth(
      t,
      ada,
      {
        url: '/api/accounts/oauth/twitter/start',
        body: { accountId: xAccount, proxy: { ...viaSocks(), replace: true } },
      },
      SAME_X_USER,
    );
    expect(changed.result).toBe('connected');
    expectAllThrough(twitter.server, from, socksProxy, isAuthorizePage);
    expect(await proxyRowOf(xAccount)).toMatchObject({ type: 'socks5', port: socksProxy.port });
    expect(await accountsOf(ada.workspaceId, 'twitter')).toHaveLength(1);
  });

  it('Bluesky: the sign-in (createSession) goes through a SOCKS5 proxy, saved onto the account', async () => {
    const from = bluesky.server.requests.length;
    const connected = await ada.send('POST', '/api/accounts/bluesky', {
      handle: 'ada.bsky.social',
      appPassword: 'abcd-efgh-ijkl-mnop',
      proxy: viaSocks(),
    });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.body).not.toContain(SOCKS_PASSWORD);
    const seen = expectAllThrough(bluesky.server, from, socksProxy, () => false);
    expect(seen.map((request) => request.path)).toContain('/xrpc/com.atproto.server.createSession');
    expect(await proxyRowOf(connected.json().id)).toMatchObject({ type: 'socks5', status: 'working' });
  });

  it('Mastodon: the app registration and the token exchange go through the proxy', async () => {
    const from = mastodon.server.requests.length;
    const { result } = await connectViaOAuth(t, ada, {
      url: '/api/accounts/mastodon/start',
      body: { instanceUrl: mastodon.url, proxy: viaHttp() },
    });
    expect(result).toBe('connected');
    const paths = expectAllThrough(mastodon.server, from, httpProxy, isAuthorizePage).map((r) => r.path);
    expect(paths).toContain('/api/v1/apps');
    expect(paths).toContain('/oauth/token');
    const [account] = await accountsOf(ada.workspaceId, 'mastodon');
    expect(await proxyRowOf(account?.id ?? '')).toMatchObject({ type: 'http', status: 'working' });
  });

  it('"Check proxy" before connecting: the values on screen, through the proxy', async () => {
    const checked = await ada.send('POST', '/api/accounts/connect/proxy/check', viaSocks());
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ ok: true, egressAddress: '127.0.0.1' });
    const stored = await ada.send('POST', '/api/accounts/connect/proxy/check', { accountId: xAccount });
    expect(stored.json()).toMatchObject({ ok: true });
    const dead = await ada.send('POST', '/api/accounts/connect/proxy/check', deadProxy());
    expect(dead.json()).toMatchObject({ ok: false });
  });

  it('a private proxy address is refused without ALLOW_PRIVATE_ADDRESSES, before anything goes out', async () => {
    const strict = { ...t.config, allowPrivateAddresses: false };
    await expect(
      connectProxyOf(t.db, strict, ada.workspaceId, 'twitter', { proxy: { ...viaHttp(), type: 'http' } }),
    ).rejects.toMatchObject({ code: 'PRIVATE_ADDRESS' });
  });
});

describe('a proxy that does not work at connect time', () => {
  it('refuses every connect flow with a clear message; nothing goes out directly and nothing is saved', async () => {
    const user = await signInAsNewUser(t, { name: 'Cleo' });
    const counts = [twitter, bluesky, mastodon].map((fake) => fake.server.requests.length);
    const states = (await t.db.select().from(oauthStates)).length;
    const x = await user.send('POST', '/api/accounts/oauth/twitter/start', { proxy: deadProxy() });
    const sky = await user.send('POST', '/api/accounts/bluesky', {
      handle: 'cleo.bsky.social',
      appPassword: 'abcd-efgh-ijkl-mnop',
      proxy: deadProxy(),
    });
    const toot = await user.send('POST', '/api/accounts/mastodon/start', {
      instanceUrl: mastodon.url,
      proxy: deadProxy(),
    });
    for (const refused of [x, sky, toot]) {
      expect(refused.statusCode, refused.body).toBe(502);
      expect(refused.json().code).toBe('PROXY_FAILED');
      expect(refused.json().message).toMatch(
        /^The proxy does not work: [\s\S]*Nothing was sent and nothing was saved\.$/,
      );
    }
    expect([twitter, bluesky, mastodon].map((fake) => fake.server.requests.length)).toEqual(counts);
    expect((await t.db.select().from(oauthStates)).length).toBe(states);
    expect(
      await t.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, user.workspaceId)),
    ).toEqual([]);
  });

  it('a proxy that dies after the start refuses the callback: no direct exchange, no account', async () => {
    const user = await signInAsNewUser(t, { name: 'Dora' });
    const shortLived = await startHttpProxy();
    const started = await user.send('POST', '/api/accounts/oauth/twitter/start', {
      proxy: { type: 'http', host: '127.0.0.1', port: shortLived.port },
    });
    expect(started.statusCode, started.body).toBe(200);
    await shortLived.close();
    const consent = await fetch(new URL(started.json().url), { redirect: 'manual' });
    const exchanges = twitter.server.received('POST', '/2/oauth2/token').length;
    const { result } = await callbackWith(t, new URL(consent.headers.get('location') ?? ''), user.cookie);
    expect(result).toBe('proxy_failed');
    expect(twitter.server.received('POST', '/2/oauth2/token')).toHaveLength(exchanges);
    expect(await accountsOf(user.workspaceId, 'twitter')).toEqual([]);
  });
});

describe('another workspace', () => {
  it('cannot finish your pending connection, nor connect or check through your account’s proxy', async () => {
    const started = await ada.send('POST', '/api/accounts/oauth/twitter/start', { proxy: viaHttp() });
    const consent = await fetch(new URL(started.json().url), { redirect: 'manual' });
    const connects = httpProxy.connects.length;
    const { result } = await callbackWith(t, new URL(consent.headers.get('location') ?? ''), bob.cookie);
    expect(result).toBe('state_mismatch');
    expect(httpProxy.connects).toHaveLength(connects);
    expect(await accountsOf(bob.workspaceId, 'twitter')).toEqual([]);

    const [adaAccount] = await accountsOf(ada.workspaceId, 'twitter');
    const reconnect = await bob.send('POST', '/api/accounts/oauth/twitter/start', {
      accountId: adaAccount?.id,
    });
    expect(reconnect.statusCode).toBe(404);
    const check = await bob.send('POST', '/api/accounts/connect/proxy/check', { accountId: adaAccount?.id });
    expect(check.statusCode).toBe(404);
    expect(httpProxy.connects).toHaveLength(connects);
  });
});
