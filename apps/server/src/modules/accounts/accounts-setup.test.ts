import { readFileSync } from 'node:fs';
import { ACCOUNT_SETUP_MESSAGES, type PlatformSetupList } from '@relaycast/shared/accounts-setup';
import { PLATFORM_IDS, PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/auth-requests';
import { createTestApp, TEST_ORIGIN } from '../../../test/test-app';
import type { PlatformConfig } from '../../config/env';
import { startFacebookFake } from '../../platforms/facebook/facebook.fake';
import { startInstagramFake } from '../../platforms/instagram/instagram.fake';
import { startLinkedInFake } from '../../platforms/linkedin/linkedin.fake';
import { clientVariables, connectorFor } from '../../platforms/registry';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { startThreadsFake } from '../../platforms/threads/threads.fake';
import { startTikTokFake } from '../../platforms/tiktok/tiktok.fake';
import { startTwitterFake } from '../../platforms/twitter/twitter.fake';
import { startYouTubeFake } from '../../platforms/youtube/youtube.fake';
import { joined } from '../approvals/approvals.test-support';
import { platformsConfig, TEST_CLIENT } from './accounts.test-support';
import { checkPlatformKeys, createKeyChecker } from './accounts-setup';

/** This install's address: the redirect addresses to register start with it. */
const PUBLIC_URL = 'https://relaycast.example.org';

/** The seven platforms with operator keys, each against its local fake. */
const fakes = {} as Record<
  'twitter' | 'linkedin' | 'youtube' | 'facebook' | 'instagram' | 'threads' | 'tiktok',
  PlatformFake
>;

async function startFakes() {
  fakes.twitter = await startTwitterFake();
  fakes.linkedin = await startLinkedInFake();
  fakes.youtube = await startYouTubeFake();
  fakes.facebook = await startFacebookFake();
  fakes.instagram = await startInstagramFake();
  fakes.threads = await startThreadsFake();
  fakes.tiktok = await startTikTokFake();
}

const KEYED = () => Object.keys(fakes) as (keyof typeof fakes)[];

/** Every keyed platform configured against its fake (TikTok left out: "not configured"), with `secret`. */
function fakePlatforms(secret = TEST_CLIENT.clientSecret, only?: PlatformId) {
  const configured: Partial<Record<PlatformId, Partial<PlatformConfig>>> = {};
  for (const platform of KEYED()) {
    if (platform === 'tiktok' || (only && platform !== only)) continue;
    configured[platform] = { ...TEST_CLIENT, clientSecret: secret, baseUrl: fakes[platform].url };
  }
  return platformsConfig(configured);
}

const s = useTestApp({ owner: 'Olive Owner' }, async () => {
  await startFakes();
  return createTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      publicUrlConfigured: true,
      trustedOrigins: [PUBLIC_URL, TEST_ORIGIN],
      platforms: fakePlatforms(),
      allowPrivateAddresses: true,
    },
  });
});
afterAll(async () => {
  await Promise.all(Object.values(fakes).map((fake) => fake.close()));
});

describe('GET /api/accounts/platform-setup', () => {
  it('gives each platform its redirect address under PUBLIC_URL, the scopes its connector asks for and its variables', async () => {
    const response = await s.owner.get('/api/accounts/platform-setup');
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as PlatformSetupList;
    expect(list).toMatchObject({ publicUrl: PUBLIC_URL, isPublicUrlSet: true, isPlainHttp: false });
    expect(list.platforms).toHaveLength(9);
    for (const setup of list.platforms) {
      expect(setup.scopes).toEqual([...connectorFor(setup.platform).scopes]);
      expect(setup.caveats).toEqual(ACCOUNT_SETUP_MESSAGES.caveats[setup.platform]);
    }

    const linkedin = list.platforms.find((setup) => setup.platform === 'linkedin');
    expect(linkedin).toMatchObject({
      needsKeys: true,
      isConfigured: true,
      redirectUri: `${PUBLIC_URL}/api/accounts/oauth/linkedin/callback`,
      scopes: ['openid', 'profile', 'w_member_social'],
      portalUrl: 'https://www.linkedin.com/developers/apps',
      canCheck: true,
      variables: [
        { name: 'LINKEDIN_CLIENT_ID', portalName: 'Client ID', isSet: true },
        { name: 'LINKEDIN_CLIENT_SECRET', portalName: 'Primary Client Secret', isSet: true },
      ],
    });
    const tiktok = list.platforms.find((setup) => setup.platform === 'tiktok');
    expect(tiktok).toMatchObject({
      isConfigured: false,
      redirectUri: `${PUBLIC_URL}/api/accounts/oauth/tiktok/callback`,
      variables: [
        { name: 'TIKTOK_CLIENT_ID', isSet: false },
        { name: 'TIKTOK_CLIENT_SECRET', isSet: false },
      ],
    });
    // Mastodon and Bluesky: nothing to register, and they say so.
    for (const platform of ['mastodon', 'bluesky'] as const) {
      expect(list.platforms.find((setup) => setup.platform === platform)).toMatchObject({
        needsKeys: false,
        isConfigured: true,
        redirectUri: null,
        portalUrl: null,
        variables: [],
        canCheck: false,
        caveats: [expect.stringMatching(/^Nothing to register/)],
      });
    }
    // The secrets never leave the server.
    expect(response.body).not.toContain(TEST_CLIENT.clientSecret);
  });

  it('is refused with FORBIDDEN to roles that do not connect accounts, and so is the check', async () => {
    for (const role of ['viewer', 'contributor', 'editor']) {
      const member = await joined(s, role, `A ${role}`);
      const list = await member.get('/api/accounts/platform-setup');
      expect(list.statusCode, role).toBe(403);
      expect(list.json().code).toBe('FORBIDDEN');
      const check = await member.send('POST', '/api/accounts/platform-setup/twitter/check', {});
      expect(check.statusCode, role).toBe(403);
      expect(check.json().code).toBe('FORBIDDEN');
    }
    const admin = await joined(s, 'admin', 'An admin');
    expect((await admin.get('/api/accounts/platform-setup')).statusCode).toBe(200);
  });
});

describe('POST /api/accounts/platform-setup/:platform/check', () => {
  it('says the keys work on every platform with keys, asking each fake once however often it is clicked', async () => {
    for (const platform of KEYED().filter((candidate) => candidate !== 'tiktok')) {
      const before = fakes[platform].server.requests.length;
      const first = await s.owner.send('POST', `/api/accounts/platform-setup/${platform}/check`, {});
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json(), platform).toMatchObject({
        platform,
        outcome: 'ok',
        message: ACCOUNT_SETUP_MESSAGES.outcome.ok,
        detail: null,
        notChecked: [ACCOUNT_SETUP_MESSAGES.notChecked.redirect, ACCOUNT_SETUP_MESSAGES.notChecked.scopes],
      });
      expect(first.json().checked).toContain(ACCOUNT_SETUP_MESSAGES.checked.https);
      const again = await s.owner.send('POST', `/api/accounts/platform-setup/${platform}/check`, {});
      expect(again.json()).toEqual(first.json());
      expect(fakes[platform].server.requests.length - before, platform).toBe(1);
      expect(fakes[platform].server.violations, platform).toEqual([]);
    }
  });

  it('tells how it knew: an app token (Meta, TikTok) or the token endpoint accepting the client (X, LinkedIn, Google)', async () => {
    const config = { ...s.t.config, platforms: fakePlatforms() };
    const checkedBy = async (platform: PlatformId) => (await checkPlatformKeys(config, platform)).checked[0];
    expect(await checkedBy('facebook')).toBe(ACCOUNT_SETUP_MESSAGES.checked.appToken);
    expect(await checkedBy('threads')).toBe(ACCOUNT_SETUP_MESSAGES.checked.appToken);
    expect(await checkedBy('twitter')).toBe(ACCOUNT_SETUP_MESSAGES.checked.clientAuthentication);
    expect(await checkedBy('youtube')).toBe(ACCOUNT_SETUP_MESSAGES.checked.clientAuthentication);
    const tiktok = {
      ...config,
      platforms: {
        ...config.platforms,
        tiktok: { ...TEST_CLIENT, baseUrl: fakes.tiktok.url },
      },
    };
    expect((await checkPlatformKeys(tiktok, 'tiktok')).checked[0]).toBe(
      ACCOUNT_SETUP_MESSAGES.checked.appToken,
    );
  });

  it('says clearly when a platform refuses the secret, with its own words', async () => {
    const wrong = { ...s.t.config, platforms: fakePlatforms('not-the-secret') };
    for (const platform of KEYED().filter((candidate) => candidate !== 'tiktok')) {
      const result = await checkPlatformKeys(wrong, platform);
      expect(result, platform).toMatchObject({
        outcome: 'refused',
        message: ACCOUNT_SETUP_MESSAGES.outcome.refused,
      });
      expect(result.detail, platform).toMatch(/client|secret|application|authentication/i);
    }
    const tiktok = {
      ...wrong,
      platforms: {
        ...wrong.platforms,
        tiktok: { ...TEST_CLIENT, clientSecret: 'nope', baseUrl: fakes.tiktok.url },
      },
    };
    expect(await checkPlatformKeys(tiktok, 'tiktok')).toMatchObject({
      outcome: 'refused',
      detail: 'Client key or secret is incorrect.',
    });
  });

  it('says when the keys are not set, or not needed, without asking anyone', async () => {
    const asked = fakes.tiktok.server.requests.length;
    const tiktok = await s.owner.send('POST', '/api/accounts/platform-setup/tiktok/check', {});
    expect(tiktok.statusCode).toBe(200);
    expect(tiktok.json()).toMatchObject({
      outcome: 'not_configured',
      message: ACCOUNT_SETUP_MESSAGES.outcome.notConfigured,
      detail: 'TIKTOK_CLIENT_ID, TIKTOK_CLIENT_SECRET',
    });
    expect(fakes.tiktok.server.requests).toHaveLength(asked);
    const mastodon = await s.owner.send('POST', '/api/accounts/platform-setup/mastodon/check', {});
    expect(mastodon.json()).toMatchObject({
      outcome: 'no_keys',
      message: ACCOUNT_SETUP_MESSAGES.outcome.noKeys,
    });
    const unknown = await s.owner.send('POST', '/api/accounts/platform-setup/myspace/check', {});
    expect(unknown.statusCode).toBe(404);
  });

  it('never fails with a 500: a platform out of reach or failing is an outcome', async () => {
    const closed = {
      ...s.t.config,
      platforms: platformsConfig({ linkedin: { ...TEST_CLIENT, baseUrl: 'http://127.0.0.1:9' } }),
    };
    expect(await checkPlatformKeys(closed, 'linkedin')).toMatchObject({
      outcome: 'unreachable',
      message: ACCOUNT_SETUP_MESSAGES.outcome.unreachable,
    });
    fakes.youtube.server.failNext({ method: 'POST', path: '/token' }, { status: 500, body: 'boom' });
    const failing = { ...s.t.config, platforms: fakePlatforms(undefined, 'youtube') };
    expect((await checkPlatformKeys(failing, 'youtube')).outcome).toBe('unreachable');
  });

  it('warns when the redirect address is plain http on a public host, and claims https only for https', async () => {
    const plain = { ...s.t.config, publicUrl: 'http://relaycast.example.org', platforms: fakePlatforms() };
    const result = await checkPlatformKeys(plain, 'linkedin');
    expect(result.outcome).toBe('ok');
    expect(result.notChecked[0]).toBe(ACCOUNT_SETUP_MESSAGES.notChecked.notHttps);
    expect(result.checked).not.toContain(ACCOUNT_SETUP_MESSAGES.checked.https);
    // Plain http on this machine: no warning (local development), and no claim of https either.
    const local = { ...plain, publicUrl: 'http://localhost:3000' };
    const onThisMachine = await checkPlatformKeys(local, 'youtube');
    expect(onThisMachine.outcome).toBe('ok');
    expect(onThisMachine.checked).toEqual([ACCOUNT_SETUP_MESSAGES.checked.clientAuthentication]);
    expect(onThisMachine.notChecked).not.toContain(ACCOUNT_SETUP_MESSAGES.notChecked.notHttps);
  });

  it('asks a platform again only once the minute is over', async () => {
    let now = 0;
    const check = createKeyChecker({ now: () => now });
    const config = { ...s.t.config, platforms: fakePlatforms(undefined, 'linkedin') };
    const before = fakes.linkedin.server.requests.length;
    await Promise.all([check(config, 'linkedin'), check(config, 'linkedin'), check(config, 'linkedin')]);
    now = 59_999;
    await check(config, 'linkedin');
    expect(fakes.linkedin.server.requests.length - before).toBe(1);
    now = 60_000;
    await check(config, 'linkedin');
    expect(fakes.linkedin.server.requests.length - before).toBe(2);
  });
});

describe('docs/platform-setup.md', () => {
  const guide = readFileSync(new URL('../../../../../docs/platform-setup.md', import.meta.url), 'utf8');
  /** The guide's section of a platform: from its heading to the next one. */
  const section = (heading: string) => guide.split(/^## /m).find((part) => part.startsWith(heading)) ?? '';

  it('names, for each platform with keys, the scopes its connector asks for and the variables to set', () => {
    for (const platform of PLATFORM_IDS) {
      const connector = connectorFor(platform);
      if (!connector.requiresClientCredentials) continue;
      const name = PLATFORMS[platform].name.replace(/ \(.*\)$/, '');
      const text = section(name);
      expect(text, platform).not.toBe('');
      for (const scope of connector.scopes) expect(text, `${platform} ${scope}`).toContain(`\`${scope}\``);
      const names = clientVariables(platform);
      expect(text, platform).toContain(names.clientId);
      expect(text, platform).toContain(names.clientSecret);
    }
    expect(guide).toContain('$PUBLIC_URL/api/accounts/oauth/<platform>/callback');
  });
});
