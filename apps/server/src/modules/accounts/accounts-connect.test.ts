import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonHeaders, type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { platformInstanceApps, socialAccounts } from '../../db/schema/index';
import { decryptSecret } from '../../lib/secrets';
import { startBlueskyFake } from '../../platforms/bluesky/bluesky.fake';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { credentialsOf, withFreshCredentials } from './account-credentials';
import { connectViaOAuth, platformsConfig, setPlan } from './accounts.test-support';
import { startInstanceOAuth } from './accounts-oauth';

let mastodon: PlatformFake;
let bluesky: PlatformFake;
let test: TestApp;
let user: SignedInUser;

const APP_PASSWORD = 'abcd-efgh-ijkl-mnop';

beforeAll(async () => {
  mastodon = await startMastodonFake();
  bluesky = await startBlueskyFake({ accessTokenTtlSeconds: 60 });
  test = await createTestApp({
    config: {
      platforms: platformsConfig({ bluesky: { baseUrl: bluesky.url } }),
      allowPrivateAddresses: true,
    },
  });
});
afterAll(async () => {
  await test.close();
  await mastodon.close();
  await bluesky.close();
});
beforeEach(async () => {
  user = await signInAsNewUser(test);
  await setPlan(test.db, user.workspaceId, 'premium');
});

async function rowsOf(workspaceId: string) {
  return test.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, workspaceId));
}

describe('Mastodon (instance URL)', () => {
  it('registers the app on the instance once, authorizes there and stores the account', async () => {
    const start = { url: '/api/accounts/mastodon/start', body: { instanceUrl: mastodon.url } };
    const first = await connectViaOAuth(test, user, start);
    expect(first.result).toBe('connected');
    expect(first.authorizeUrl.origin).toBe(mastodon.url);
    const [row] = await rowsOf(user.workspaceId);
    expect(row).toMatchObject({ platform: 'mastodon', status: 'connected', instanceUrl: mastodon.url });
    expect(row?.handle).toContain('@127.0.0.1');
    const credentials = credentialsOf(row as NonNullable<typeof row>, test.config.appSecret);
    expect(JSON.stringify(row)).not.toContain(credentials.accessToken);

    const apps = await test.db.select().from(platformInstanceApps);
    const app = apps.find((candidate) => candidate.instanceUrl === mastodon.url);
    expect(app?.redirectUri).toBe('http://localhost:3000/api/accounts/oauth/mastodon/callback');
    expect(app?.clientSecretEncrypted).toMatch(/^v1\./);

    // A second user on the same instance reuses the registered app.
    const other = await signInAsNewUser(test, { name: 'Ben Second' });
    expect((await connectViaOAuth(test, other, start)).result).toBe('connected');
    expect(mastodon.server.received('POST', '/api/v1/apps')).toHaveLength(1);

    const list = await test.app.inject({
      method: 'GET',
      url: '/api/accounts',
      headers: { cookie: user.cookie },
    });
    expect(list.json().accounts[0]).toMatchObject({ platform: 'mastodon', instanceUrl: mastodon.url });
    expect(list.body).not.toContain(decryptSecret(app?.clientSecretEncrypted ?? '', test.config.appSecret));
  });

  it('refuses a private or loopback instance unless the server allows it, storing nothing', async () => {
    const strict = { ...test.config, allowPrivateAddresses: false };
    const before = (await test.db.select().from(platformInstanceApps)).length;
    for (const instanceUrl of ['http://127.0.0.1:9', 'https://10.0.0.5', 'https://[::1]']) {
      await expect(
        startInstanceOAuth(
          test.db,
          strict,
          { workspaceId: user.workspaceId, userId: user.userId },
          'mastodon',
          instanceUrl,
        ),
      ).rejects.toMatchObject({ statusCode: 400 });
    }
    expect(await test.db.select().from(platformInstanceApps)).toHaveLength(before);
  });

  it('answers a clear 400 for an address that is not a URL', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/accounts/mastodon/start',
      headers: jsonHeaders(user.cookie),
      payload: { instanceUrl: 'not a url at all' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('not a valid address');
  });
});

describe('Bluesky (handle + app password)', () => {
  const connect = (body: Record<string, unknown>, cookie = user.cookie) =>
    test.app.inject({
      method: 'POST',
      url: '/api/accounts/bluesky',
      headers: jsonHeaders(cookie),
      payload: body,
    });

  it('connects, storing the session and the app password encrypted', async () => {
    const response = await connect({ handle: '@alice.bsky.social', appPassword: APP_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      platform: 'bluesky',
      status: 'connected',
      handle: expect.stringContaining('alice'),
    });
    expect(response.body).not.toContain(APP_PASSWORD);
    const [row] = await rowsOf(user.workspaceId);
    expect(JSON.stringify(row)).not.toContain(APP_PASSWORD);
    const credentials = credentialsOf(row as NonNullable<typeof row>, test.config.appSecret);
    expect(credentials.secrets.appPassword).toBe(APP_PASSWORD);
    expect(credentials.platformAccountId).toMatch(/^did:plc:/);

    // Its short-lived session is refreshed before use.
    const refreshes = bluesky.server.received('POST', '/xrpc/com.atproto.server.refreshSession').length;
    const token = await withFreshCredentials(
      test.db,
      test.config,
      row?.id ?? '',
      async (fresh) => fresh.accessToken,
    );
    expect(token).not.toBe(credentials.accessToken);
    expect(bluesky.server.received('POST', '/xrpc/com.atproto.server.refreshSession')).toHaveLength(
      refreshes + 1,
    );
  });

  it('shows the platform’s reason for a wrong app password and stores nothing', async () => {
    const response = await connect({ handle: 'bob.bsky.social', appPassword: 'my-main-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Bluesky refused the connection: Invalid identifier or password');
    expect(await rowsOf(user.workspaceId)).toEqual([]);
  });

  it('validates the form with the shared messages', async () => {
    const response = await connect({ handle: '', appPassword: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Enter your Bluesky handle, like alice.bsky.social.');
  });

  it('refuses a second Bluesky account on Standard, naming the limit and the plan', async () => {
    await setPlan(test.db, user.workspaceId, 'standard');
    expect((await connect({ handle: 'one.bsky.social', appPassword: APP_PASSWORD })).statusCode).toBe(200);
    const second = await connect({ handle: 'two.bsky.social', appPassword: APP_PASSWORD });
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe(
      'Your Standard plan allows 1 Bluesky account. Disconnect one or upgrade your plan.',
    );
    expect(await rowsOf(user.workspaceId)).toHaveLength(1);
  });
});
