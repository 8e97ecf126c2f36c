/**
 * Cloud import (docs/media-import.md, decision 0105) against the local fake of each provider's documented API
 * (cloud-drives.fake.ts): connect by OAuth (Canva with PKCE), browse images and videos, import a file through the
 * `media-import` job into the library; a revoked token says "connect again", an expired one is refreshed, a huge
 * file and a wrong type are refused, another member's connection is never used, a provider without keys says which
 * variables to set.
 */
import {
  CLOUD_DRIVE_MESSAGES,
  CLOUD_PROVIDERS,
  type CloudBrowse,
  type CloudProviderId,
  type CloudProviderState,
} from '@relaycast/shared/cloud-drives';
import { MEDIA_IMPORT_MESSAGES, type MediaImport } from '@relaycast/shared/media-imports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { cloudDriveConnections, mediaFiles } from '../../../db/schema/index';
import { AppError } from '../../../lib/app-error';
import { type MediaFixtures, makeMediaFixtures } from '../media.test-support';
import { type CloudDrivesFake, startCloudDrivesFake } from './cloud-drives.fake';
import { browseCloud } from './cloud-drives.service';
import { CANVA_POLL } from './cloud-providers';

const MAX_FILE = 200_000;
let fx: MediaFixtures;
let fake: CloudDrivesFake;
let t: TestApp;
let olive: SignedInUser;

// Canva's export job is polled every second; the fake's job is done at the second poll. The same loop, faster.
const canvaPollEveryMs = CANVA_POLL.everyMs;

beforeAll(async () => {
  CANVA_POLL.everyMs = 50;
  fx = makeMediaFixtures();
  fake = await startCloudDrivesFake({ png: fx.png, mp4: fx.mp4, hugeBytes: MAX_FILE + 50_000 });
  const keys = { clientId: fake.clientId, clientSecret: fake.clientSecret, baseUrl: fake.url };
  t = await createTestApp({
    config: {
      // The fake is on loopback: this server lets users reach it, as an administrator may (decision 0014).
      allowPrivateAddresses: true,
      billingMode: 'self-hosted',
      installLimits: { maxFileSizeBytes: MAX_FILE, storageBytes: null, minFreeDiskBytes: 0 },
      cloudDrives: {
        dropbox: keys,
        'google-drive': keys,
        onedrive: keys,
        canva: keys,
      },
    },
    publishing: { runWorkers: true },
  });
  olive = await signInAsNewUser(t, { name: 'Olive Owner' });
}, 60_000);

afterAll(async () => {
  CANVA_POLL.everyMs = canvaPollEveryMs;
  await t?.close();
  await fake?.close();
  fx?.cleanup();
});

/** The OAuth round trip as the browser makes it: start, the fake's consent redirect, our callback. */
async function connect(who: SignedInUser, provider: CloudProviderId): Promise<string> {
  const started = await who.send('POST', `/api/media/cloud/${provider}/connect`);
  expect(started.statusCode, started.body).toBe(200);
  const consent = await fetch(started.json().url, { redirect: 'manual' });
  const back = new URL(String(consent.headers.get('location')));
  const callback = await who.get(`${back.pathname}${back.search}`);
  expect(callback.statusCode).toBe(302);
  return String(callback.headers.location);
}

async function settled(who: SignedInUser, id: string): Promise<MediaImport> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const item = (await who.get(`/api/media/imports/${id}`)).json() as MediaImport;
    if (item.status !== 'queued' && item.status !== 'downloading') return item;
    if (Date.now() > deadline) throw new Error(`import still ${item.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function importFile(who: SignedInUser, provider: CloudProviderId, file: object): Promise<MediaImport> {
  const response = await who.send('POST', `/api/media/cloud/${provider}/imports`, { files: [file] });
  expect(response.statusCode, response.body).toBe(202);
  const [started] = response.json().items as MediaImport[];
  if (!started) throw new Error('no import');
  return settled(who, started.id);
}

const browse = (who: SignedInUser, provider: CloudProviderId, folder?: string) =>
  who.get(`/api/media/cloud/${provider}/files${folder ? `?folder=${encodeURIComponent(folder)}` : ''}`);

describe('cloud import', () => {
  it.each([
    ['dropbox', 'dana@dropbox.test', 'id:photos', 'id:red'],
    ['google-drive', 'gil@drive.test', 'photos', 'red'],
    ['onedrive', 'oona@onedrive.test', 'photos', 'red'],
  ] as const)(
    'connects %s, browses its images and videos and imports one',
    async (provider, account, folder, red) => {
      expect(await connect(olive, provider)).toBe(`/media-library?cloud=${provider}&result=connected`);
      const providers = (await olive.get('/api/media/cloud/providers')).json().items as CloudProviderState[];
      expect(providers.find((item) => item.id === provider)?.connection).toMatchObject({
        accountName: account,
        status: 'connected',
      });
      const top = (await browse(olive, provider)).json() as CloudBrowse;
      expect(top.items.map((item) => [item.name, item.kind])).toEqual([
        ['Photos', 'folder'],
        ['fake.png', 'image'],
        ['huge.png', 'image'],
      ]);
      const inside = (await browse(olive, provider, folder)).json() as CloudBrowse;
      // notes.txt is neither an image nor a video: not listed.
      expect(inside.items.map((item) => [item.id, item.kind])).toEqual([
        [provider === 'dropbox' ? 'id:clip' : 'clip', 'video'],
        [red, 'image'],
      ]);
      const done = await importFile(olive, provider, { id: red, name: 'red.png' });
      expect(done.status, done.error ?? '').toBe('done');
      expect(done.source).toEqual({ provider, name: 'red.png' });
      const media = (await olive.get(`/api/media/${done.mediaId}`)).json();
      expect(media).toMatchObject({ name: 'red.png', mimeType: 'image/png', kind: 'image' });
    },
  );

  it('connects Canva with PKCE and imports a design exported as PNG and as MP4', async () => {
    expect(await connect(olive, 'canva')).toBe('/media-library?cloud=canva&result=connected');
    const designs = (await browse(olive, 'canva')).json() as CloudBrowse;
    expect(designs.items.map((item) => [item.name, item.kind])).toContainEqual(['Launch banner', 'design']);
    const png = await importFile(olive, 'canva', { id: 'DAFbanner', name: 'Launch banner' });
    expect(png.status, png.error ?? '').toBe('done');
    expect((await olive.get(`/api/media/${png.mediaId}`)).json()).toMatchObject({
      name: 'Launch banner.png',
      kind: 'image',
    });
    const mp4 = await importFile(olive, 'canva', { id: 'DAFpromo', name: 'Promo video', format: 'mp4' });
    expect(mp4.status, mp4.error ?? '').toBe('done');
    expect((await olive.get(`/api/media/${mp4.mediaId}`)).json()).toMatchObject({ kind: 'video' });
    const broken = await importFile(olive, 'canva', { id: 'DAFbroken', name: 'Broken design' });
    expect(broken).toMatchObject({ status: 'failed', error: CLOUD_DRIVE_MESSAGES.exportFailed('Canva') });
  });

  it('refuses a huge file and a file that is not an image, storing nothing', async () => {
    const pat = await signInAsNewUser(t, { name: 'Pat Dropbox' });
    await connect(pat, 'dropbox');
    const huge = await importFile(pat, 'dropbox', { id: 'id:huge', name: 'huge.png' });
    expect(huge.status).toBe('failed');
    expect(huge.error).toMatch(/is larger than .*the largest file/);
    const wrong = await importFile(pat, 'dropbox', { id: 'id:fake', name: 'fake.png' });
    expect(wrong).toMatchObject({ status: 'failed', error: MEDIA_IMPORT_MESSAGES.wrongType });
    expect(await t.db.select().from(mediaFiles).where(eq(mediaFiles.workspaceId, pat.workspaceId))).toEqual(
      [],
    );
  });

  it('cancels a cloud import while it downloads, leaving nothing', async () => {
    const cy = await signInAsNewUser(t, { name: 'Cy Cancel' });
    await connect(cy, 'dropbox');
    fake.server.failNext({ method: 'POST', path: '/2/files/download' }, { delayMs: 5_000, body: fx.png });
    const response = await cy.send('POST', '/api/media/cloud/dropbox/imports', {
      files: [{ id: 'id:red', name: 'red.png' }],
    });
    const [started] = response.json().items as MediaImport[];
    const id = started?.id ?? '';
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await cy.get(`/api/media/imports/${id}`)).json().status === 'downloading') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cancelled = await cy.send('POST', `/api/media/imports/${id}/cancel`);
    expect(cancelled.json().status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await cy.get(`/api/media/imports/${id}`)).json().status).toBe('cancelled');
    expect(await t.db.select().from(mediaFiles).where(eq(mediaFiles.workspaceId, cy.workspaceId))).toEqual(
      [],
    );
  });

  it('refreshes an expired token and answers a revoked one with "connect again"', async () => {
    const quinn = await signInAsNewUser(t, { name: 'Quinn Drive' });
    await connect(quinn, 'google-drive');
    fake.expireAccessTokens();
    expect((await browse(quinn, 'google-drive')).statusCode).toBe(200);
    fake.revoke('google');
    const refused = await browse(quinn, 'google-drive');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CLOUD_DRIVE_RECONNECT',
      message: CLOUD_DRIVE_MESSAGES.reconnect('Google Drive'),
    });
    const providers = (await quinn.get('/api/media/cloud/providers')).json().items as CloudProviderState[];
    expect(providers.find((item) => item.id === 'google-drive')?.connection?.status).toBe('expired');
    const again = await quinn.send('POST', '/api/media/cloud/google-drive/imports', {
      files: [{ id: 'red', name: 'red.png' }],
    });
    expect(again.statusCode).toBe(409);
    // Connecting again makes it work.
    await connect(quinn, 'google-drive');
    expect((await browse(quinn, 'google-drive')).statusCode).toBe(200);
  });

  it('fails a running import clearly when the token was revoked', async () => {
    const rae = await signInAsNewUser(t, { name: 'Rae OneDrive' });
    await connect(rae, 'onedrive');
    fake.revoke('microsoft');
    const failed = await importFile(rae, 'onedrive', { id: 'red', name: 'red.png' });
    expect(failed).toMatchObject({ status: 'failed', error: CLOUD_DRIVE_MESSAGES.reconnect('OneDrive') });
  });

  it("never uses another member's or another workspace's connection", async () => {
    const rex = await signInAsNewUser(t, { name: 'Rex Other' });
    const list = await browse(rex, 'dropbox');
    expect(list.statusCode).toBe(404);
    expect(list.json().message).toBe(CLOUD_DRIVE_MESSAGES.notConnected('Dropbox'));
    const imported = await rex.send('POST', '/api/media/cloud/dropbox/imports', {
      files: [{ id: 'id:red', name: 'red.png' }],
    });
    expect(imported.statusCode).toBe(404);
    expect((await rex.send('DELETE', '/api/media/cloud/dropbox/connection')).statusCode).toBe(404);
    // Olive's workspace holds her Dropbox connection; another member of it still has none of their own.
    const owner = { workspaceId: olive.workspaceId, userId: rex.userId };
    await expect(browseCloud(t.db, t.config, owner, 'dropbox', undefined)).rejects.toMatchObject({
      code: 'CLOUD_DRIVE_NOT_CONNECTED',
    });
    await expect(browseCloud(t.db, t.config, owner, 'dropbox', undefined)).rejects.toBeInstanceOf(AppError);
  });

  it('refuses a callback whose state another member started, and disconnects', async () => {
    const sam = await signInAsNewUser(t, { name: 'Sam Steal' });
    const started = await olive.send('POST', '/api/media/cloud/dropbox/connect');
    const consent = await fetch(started.json().url, { redirect: 'manual' });
    const back = new URL(String(consent.headers.get('location')));
    const stolen = await sam.get(`${back.pathname}${back.search}`);
    expect(stolen.headers.location).toBe('/media-library?cloud=dropbox&result=failed');
    expect(
      await t.db.select().from(cloudDriveConnections).where(eq(cloudDriveConnections.userId, sam.userId)),
    ).toEqual([]);
    await connect(sam, 'dropbox');
    expect((await sam.send('DELETE', '/api/media/cloud/dropbox/connection')).statusCode).toBe(204);
    expect((await browse(sam, 'dropbox')).statusCode).toBe(404);
  });
});

describe('without the keys', () => {
  it('shows the provider disabled with the variables to set and answers a clear 409', async () => {
    const bare = await createTestApp({ config: { billingMode: 'self-hosted' } });
    try {
      const uma = await signInAsNewUser(bare, { name: 'Uma Unset' });
      const providers = (await uma.get('/api/media/cloud/providers')).json().items as CloudProviderState[];
      expect(providers.map((item) => [item.id, item.configured])).toEqual([
        ['dropbox', false],
        ['google-drive', false],
        ['onedrive', false],
        ['canva', false],
      ]);
      expect(providers[0]?.envVars).toEqual(['DROPBOX_APP_KEY', 'DROPBOX_APP_SECRET']);
      for (const path of ['/api/media/cloud/dropbox/connect', '/api/media/cloud/canva/imports']) {
        const refused = await uma.send(
          'POST',
          path,
          path.endsWith('imports') ? { files: [{ id: 'a', name: 'a' }] } : undefined,
        );
        expect(refused.statusCode, path).toBe(409);
        expect(refused.json().code).toBe('CLOUD_DRIVE_NOT_CONFIGURED');
      }
      const browseRefused = await browse(uma, 'onedrive');
      expect(browseRefused.json().message).toBe(
        CLOUD_DRIVE_MESSAGES.notConfigured('OneDrive', CLOUD_PROVIDERS.onedrive.envVars.join(' and ')),
      );
      expect((await uma.get('/api/media/cloud/box/files')).statusCode).toBe(400);
    } finally {
      await bare.close();
    }
  });
});

describe('with the default address policy', () => {
  it("trusts the operator's base URL but holds Canva's export URL to the policy", async () => {
    const keys = { clientId: fake.clientId, clientSecret: fake.clientSecret, baseUrl: fake.url };
    const strict = await createTestApp({
      config: {
        billingMode: 'self-hosted',
        cloudDrives: { dropbox: keys, 'google-drive': keys, onedrive: keys, canva: keys },
      },
      publishing: { runWorkers: true },
    });
    try {
      const vic = await signInAsNewUser(strict, { name: 'Vic Strict' });
      for (const provider of ['dropbox', 'canva'] as const) {
        const started = await vic.send('POST', `/api/media/cloud/${provider}/connect`);
        const consent = await fetch(started.json().url, { redirect: 'manual' });
        const back = new URL(String(consent.headers.get('location')));
        expect((await vic.get(`${back.pathname}${back.search}`)).headers.location).toContain('connected');
      }
      const start = async (provider: CloudProviderId, file: object) => {
        const response = await vic.send('POST', `/api/media/cloud/${provider}/imports`, { files: [file] });
        expect(response.statusCode, response.body).toBe(202);
        return settled(vic, (response.json().items as MediaImport[])[0]?.id ?? '');
      };
      expect((await start('dropbox', { id: 'id:red', name: 'red.png' })).status).toBe('done');
      const exported = await start('canva', { id: 'DAFbanner', name: 'Launch banner' });
      expect(exported.status).toBe('failed');
      expect(exported.error).toMatch(/private|internal|network/i);
    } finally {
      await strict.close();
    }
  });
});
