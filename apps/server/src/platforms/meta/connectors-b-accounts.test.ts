import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { PlatformId } from '@relaycast/shared/platforms';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { socialAccounts } from '../../db/schema/index';
import { decryptSecret } from '../../lib/secrets';
import { withFreshCredentials } from '../../modules/accounts/account-credentials';
import {
  connectViaOAuth,
  platformsConfig,
  setPlan,
  TEST_CLIENT,
} from '../../modules/accounts/accounts.test-support';
import { type FacebookFake, startFacebookFake } from '../facebook/facebook.fake';
import { type InstagramFake, startInstagramFake } from '../instagram/instagram.fake';
import { connectorFor, connectorSettings } from '../registry';
import { memoryMedia } from '../testing/connector-kit';
import { startThreadsFake, type ThreadsFake } from '../threads/threads.fake';
import { startTikTokFake, type TikTokFake } from '../tiktok/tiktok.fake';
import type { PublishMedia } from '../types';

/**
 * Facebook, Instagram, Threads and TikTok through the accounts module: connect over the real routes, the tokens and
 * Page token stored encrypted, then publish with `withFreshCredentials` (which refreshes Threads and TikTok first,
 * their fakes issuing one-minute tokens).
 */

let test: TestApp;
let user: SignedInUser;
let facebook: FacebookFake;
let instagram: InstagramFake;
let threads: ThreadsFake;
let tiktok: TikTokFake;

beforeAll(async () => {
  [facebook, instagram, threads, tiktok] = await Promise.all([
    startFacebookFake(),
    startInstagramFake({ processingPolls: 0 }),
    startThreadsFake({ processingPolls: 0, accessTokenTtlSeconds: 60 }),
    startTikTokFake({ processingPolls: 0, accessTokenTtlSeconds: 60 }),
  ]);
  test = await createTestApp({
    config: {
      platforms: platformsConfig({
        facebook: { ...TEST_CLIENT, baseUrl: facebook.url },
        instagram: { ...TEST_CLIENT, baseUrl: instagram.url },
        threads: { ...TEST_CLIENT, baseUrl: threads.url },
        tiktok: { ...TEST_CLIENT, baseUrl: tiktok.url },
      }),
    },
  });
  user = await signInAsNewUser(test);
  await setPlan(test.db, user.workspaceId, 'premium');
});
afterAll(async () => {
  await test.close();
  await Promise.all([facebook.close(), instagram.close(), threads.close(), tiktok.close()]);
});

async function connect(platform: PlatformId) {
  const { result, authorizeUrl } = await connectViaOAuth(test, user, {
    url: `/api/accounts/oauth/${platform}/start`,
  });
  expect(result).toBe('connected');
  const [row] = await test.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.workspaceId, user.workspaceId), eq(socialAccounts.platform, platform)));
  if (!row) throw new Error(`no ${platform} account stored`);
  return { row, authorizeUrl };
}

function publishWith(accountId: string, platform: PlatformId, text: string, media: PublishMedia[] = []) {
  return withFreshCredentials(test.db, test.config, accountId, (credentials) =>
    connectorFor(platform).publish({ settings: connectorSettings(test.config, platform) }, credentials, {
      text,
      media,
      idempotencyKey: `it-${platform}-${text}`,
    }),
  );
}

describe('connectors B through the accounts module', () => {
  it('connects a Facebook Page with its Page token encrypted, and publishes with it', async () => {
    const { row } = await connect('facebook');
    const page = facebook.login.pages.get(row.platformAccountId);
    expect(page).toBeDefined();
    expect(row.secretsEncrypted).not.toContain(page?.token ?? 'missing');
    expect(JSON.parse(decryptSecret(row.secretsEncrypted ?? '', test.config.appSecret))).toEqual({
      pageToken: page?.token,
    });
    expect(row.meta.pageId).toBe(page?.id);
    expect(row.expiresAt).toBeNull();
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/accounts',
      headers: { cookie: user.cookie },
    });
    expect(listed.body).not.toContain(page?.token ?? 'missing');

    const published = await publishWith(row.id, 'facebook', 'From the accounts module');
    expect(facebook.published.at(-1)).toMatchObject({ id: published.platformPostId, accountId: page?.id });
    expect(facebook.server.violations).toEqual([]);
  });

  it('connects the Instagram account linked to a Page and publishes an image', async () => {
    const { row } = await connect('instagram');
    expect(row.handle).toMatch(/^fake_shop_/);
    const published = await publishWith(row.id, 'instagram', 'Shop post', [
      memoryMedia('image', { id: 'ig' }),
    ]);
    expect(instagram.published.at(-1)?.id).toBe(published.platformPostId);
    expect(instagram.server.violations).toEqual([]);
  });

  it('connects Threads, refreshes its one-minute token before publishing and keeps a refresh token', async () => {
    const { row } = await connect('threads');
    expect(row.refreshTokenEncrypted).not.toBeNull();
    const published = await publishWith(row.id, 'threads', 'Refreshed then posted');
    expect(threads.server.received('GET', '/refresh_access_token')).toHaveLength(1);
    const [after] = await test.db.select().from(socialAccounts).where(eq(socialAccounts.id, row.id));
    expect(after?.refreshTokenEncrypted).not.toBeNull();
    expect(after?.accessTokenEncrypted).not.toBe(row.accessTokenEncrypted);
    expect(threads.published.at(-1)?.id).toBe(published.platformPostId);
    expect(threads.server.violations).toEqual([]);
  });

  it('connects TikTok with PKCE, rotates its refresh token before publishing a video', async () => {
    const { row, authorizeUrl } = await connect('tiktok');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const firstRefresh = decryptSecret(row.refreshTokenEncrypted ?? '', test.config.appSecret);
    const bytes = randomBytes(2048);
    const video: PublishMedia = {
      ...memoryMedia('video', { id: 'tt' }),
      sizeBytes: bytes.length,
      open: async () => Readable.from([bytes]),
    };
    const published = await publishWith(row.id, 'tiktok', 'Refreshed clip', [video]);
    const [after] = await test.db.select().from(socialAccounts).where(eq(socialAccounts.id, row.id));
    const secondRefresh = decryptSecret(after?.refreshTokenEncrypted ?? '', test.config.appSecret);
    expect(secondRefresh).toMatch(/^rft\./);
    expect(secondRefresh).not.toBe(firstRefresh);
    expect(published.url).toBe(`https://www.tiktok.com/@${row.handle}/video/${published.platformPostId}`);
    expect(tiktok.server.violations).toEqual([]);
  });
});
