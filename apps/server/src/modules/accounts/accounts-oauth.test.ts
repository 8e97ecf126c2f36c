import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonHeaders, type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { oauthStates, socialAccounts } from '../../db/schema/index';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { startTwitterFake } from '../../platforms/twitter/twitter.fake';
import {
  callbackWith,
  connectViaOAuth,
  platformsConfig,
  setPlan,
  TEST_CLIENT,
} from './accounts.test-support';

let fake: PlatformFake;
let test: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  fake = await startTwitterFake();
  test = await createTestApp({
    config: { platforms: platformsConfig({ twitter: { ...TEST_CLIENT, baseUrl: fake.url } }) },
  });
});
afterAll(async () => {
  await test.close();
  await fake.close();
});
beforeEach(async () => {
  user = await signInAsNewUser(test);
  await setPlan(test.db, user.workspaceId, 'premium');
});

const START = { url: '/api/accounts/oauth/twitter/start' };

async function accountsOf(workspaceId: string) {
  return test.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, workspaceId));
}

describe('GET /api/accounts/platforms', () => {
  it('says which platforms can be connected and which variables the others need', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/accounts/platforms',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    const { platforms, limits } = response.json();
    const byId = Object.fromEntries(platforms.map((p: { platform: string }) => [p.platform, p]));
    expect(byId.twitter).toMatchObject({ state: 'ready', method: 'oauth2', missing: [] });
    expect(byId.facebook).toMatchObject({
      state: 'not_configured',
      missing: ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
    });
    expect(platforms).toHaveLength(9);
    expect(limits).toEqual({ planName: 'Premium', socialAccounts: 42, accountsPerPlatform: 5, used: 0 });
  });

  it('needs a session', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/accounts/platforms' });
    expect(response.statusCode).toBe(401);
  });
});

describe('OAuth connect (X against its fake)', () => {
  it('authorizes with PKCE, stores the tokens encrypted and lists the account without secrets', async () => {
    const { authorizeUrl, result, screen } = await connectViaOAuth(test, user, START);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/accounts/oauth/twitter/callback',
    );
    expect(result).toBe('connected');
    expect(screen.pathname).toBe('/connected-accounts');

    const [row] = await accountsOf(user.workspaceId);
    expect(row?.status).toBe('connected');
    const accessToken = decryptSecret(row?.accessTokenEncrypted ?? '', test.config.appSecret);
    const refreshToken = decryptSecret(row?.refreshTokenEncrypted ?? '', test.config.appSecret);
    expect(accessToken).toMatch(/^at-/);
    expect(refreshToken).toMatch(/^rt-/);
    expect(JSON.stringify(row)).not.toContain(accessToken);
    expect(JSON.stringify(row)).not.toContain(refreshToken);
    expect(row?.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    // The state is single use: gone once the callback ran.
    expect(
      await test.db.select().from(oauthStates).where(eq(oauthStates.workspaceId, user.workspaceId)),
    ).toEqual([]);

    const list = await test.app.inject({
      method: 'GET',
      url: '/api/accounts',
      headers: { cookie: user.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(accessToken);
    expect(list.body).not.toContain(refreshToken);
    const [account] = list.json().accounts;
    expect(account).toMatchObject({ platform: 'twitter', status: 'connected', id: row?.id });
    expect(account.handle).toContain('xuser');
    expect(account.lastSyncAt).not.toBeNull();
    expect(Object.keys(account).sort()).toEqual(
      [
        'avatarUrl',
        'createdAt',
        'displayName',
        'handle',
        'id',
        'instanceUrl',
        'lastError',
        'lastSyncAt',
        'platform',
        'status',
        'timezone',
      ].sort(),
    );
  });

  it('reconnecting the same platform account updates its row, never duplicates it', async () => {
    await connectViaOAuth(test, user, START, { loginHint: 'same' });
    const [first] = await accountsOf(user.workspaceId);
    const again = await connectViaOAuth(test, user, START, { loginHint: 'same' });
    expect(again.result).toBe('connected');
    const rows = await accountsOf(user.workspaceId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(first?.id);
    expect(rows[0]?.accessTokenEncrypted).not.toBe(first?.accessTokenEncrypted);
  });

  it('refuses a callback whose state another user started, storing nothing', async () => {
    const other = await signInAsNewUser(test, { name: 'Eve Other' });
    const { result } = await connectViaOAuth(test, user, START, { callbackCookie: other.cookie });
    expect(result).toBe('state_mismatch');
    expect(await accountsOf(user.workspaceId)).toEqual([]);
    expect(await accountsOf(other.workspaceId)).toEqual([]);
  });

  it('refuses a callback without a session, storing nothing', async () => {
    const { result } = await connectViaOAuth(test, user, START, { callbackCookie: '' });
    expect(result).toBe('state_mismatch');
    expect(await accountsOf(user.workspaceId)).toEqual([]);
  });

  it('refuses an unknown state and a reused one', async () => {
    const forged = await connectViaOAuth(test, user, START, {
      editCallback: (url) => url.searchParams.set('state', 'forged-state'),
    });
    expect(forged.result).toBe('state_invalid');
    expect(await accountsOf(user.workspaceId)).toEqual([]);
    // A genuine state works once, then never again.
    const first = await connectViaOAuth(test, user, START);
    expect(first.result).toBe('connected');
    const reused = await callbackWith(test, first.callback, user.cookie);
    expect(reused.result).toBe('state_invalid');
    expect(await accountsOf(user.workspaceId)).toHaveLength(1);
  });

  it('refuses a state older than 10 minutes', async () => {
    const started = await test.app.inject({
      method: 'POST',
      url: START.url,
      headers: jsonHeaders(user.cookie),
      payload: {},
    });
    await test.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.workspaceId, user.workspaceId));
    const consent = await fetch(started.json().url, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location') ?? '');
    expect((await callbackWith(test, callback, user.cookie)).result).toBe('state_expired');
    expect(await accountsOf(user.workspaceId)).toEqual([]);
  });

  it('stores nothing when the platform refuses the PKCE verifier', async () => {
    const started = await test.app.inject({
      method: 'POST',
      url: START.url,
      headers: jsonHeaders(user.cookie),
      payload: {},
    });
    await test.db
      .update(oauthStates)
      .set({ codeVerifierEncrypted: encryptSecret('a-verifier-that-does-not-match', test.config.appSecret) })
      .where(eq(oauthStates.workspaceId, user.workspaceId));
    const consent = await fetch(started.json().url, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location') ?? '');
    const tokenCalls = fake.server.received('POST', '/2/oauth2/token').length;
    expect((await callbackWith(test, callback, user.cookie)).result).toBe('exchange_failed');
    expect(fake.server.received('POST', '/2/oauth2/token')).toHaveLength(tokenCalls + 1);
    expect(await accountsOf(user.workspaceId)).toEqual([]);
  });

  it('reports a denied authorization', async () => {
    const { result } = await connectViaOAuth(test, user, START, {
      editCallback: (url) => {
        url.searchParams.delete('code');
        url.searchParams.set('error', 'access_denied');
      },
    });
    expect(result).toBe('denied');
    expect(await accountsOf(user.workspaceId)).toEqual([]);
  });

  it('refuses to start a platform that is not configured, naming the variables', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/accounts/oauth/facebook/start',
      headers: jsonHeaders(user.cookie),
      payload: {},
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Facebook is not configured on this server. Set FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET.',
    );
    const unknown = await test.app.inject({
      method: 'POST',
      url: '/api/accounts/oauth/myspace/start',
      headers: jsonHeaders(user.cookie),
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
    const [{ total } = { total: 0 }] = await test.db
      .select({ total: count() })
      .from(oauthStates)
      .where(and(eq(oauthStates.workspaceId, user.workspaceId)));
    expect(total).toBe(0);
  });
});
