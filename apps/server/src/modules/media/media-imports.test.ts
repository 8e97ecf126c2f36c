/**
 * Import from a link (docs/media-import.md): a public URL is downloaded by the `media-import` job from a site this
 * test starts, with progress and Cancel kept in media_imports; a huge file, a web page, a 410 and a private address
 * each get their own message and leave nothing in the library; another workspace's import is not found.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MEDIA_IMPORT_MESSAGES, type MediaImport } from '@relaycast/shared/media-imports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mediaFiles } from '../../db/schema/index';
import { type MediaFixtures, makeMediaFixtures, pngOfSize } from './media.test-support';

const MAX_FILE = 200_000;
let fx: MediaFixtures;
let site: http.Server;
let siteUrl: string;
let t: TestApp;
let olive: SignedInUser;
const slowResponses: http.ServerResponse[] = [];

beforeAll(async () => {
  fx = makeMediaFixtures();
  const big = pngOfSize(fx.png, MAX_FILE + 50_000);
  site = http.createServer((request, response) => {
    if (request.url === '/photos/red.png')
      response.writeHead(200, { 'content-type': 'image/png' }).end(fx.png);
    else if (request.url === '/big.png') response.writeHead(200, { 'content-type': 'image/png' }).end(big);
    else if (request.url === '/page.html')
      response.writeHead(200, { 'content-type': 'image/png' }).end('<html><p>hi</p></html>');
    else if (request.url === '/expired') response.writeHead(410).end();
    else if (request.url === '/slow.png') {
      // Announces a large file, sends its start and then waits: an import still downloading.
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': '150000' });
      response.write(fx.png);
      slowResponses.push(response);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  // The site is on loopback: this app lets users reach it, as an administrator may (decision 0014).
  t = await createTestApp({
    config: {
      allowPrivateAddresses: true,
      billingMode: 'self-hosted',
      installLimits: { maxFileSizeBytes: MAX_FILE, storageBytes: null, minFreeDiskBytes: 0 },
    },
    publishing: { runWorkers: true },
  });
  olive = await signInAsNewUser(t, { name: 'Olive Owner' });
}, 60_000);

afterAll(async () => {
  for (const response of slowResponses) response.destroy();
  await t?.close();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  fx.cleanup();
});

async function settled(
  who: SignedInUser,
  id: string,
  until = (item: MediaImport) => item.status !== 'queued' && item.status !== 'downloading',
): Promise<MediaImport> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const item = (await who.get(`/api/media/imports/${id}`)).json() as MediaImport;
    if (until(item)) return item;
    if (Date.now() > deadline) throw new Error(`import still ${item.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function start(who: SignedInUser, url: string) {
  const response = await who.send('POST', '/api/media/imports', { url });
  expect(response.statusCode, response.body).toBe(202);
  return response.json() as MediaImport;
}

const libraryOf = (workspaceId: string) =>
  t.db.select().from(mediaFiles).where(eq(mediaFiles.workspaceId, workspaceId));

describe('import from a link', () => {
  it('downloads a public image into the library in the background', async () => {
    const started = await start(olive, `${siteUrl}/photos/red.png`);
    expect(started.status).toBe('queued');
    const done = await settled(olive, started.id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.receivedBytes).toBe(fx.png.length);
    const media = (await olive.get(`/api/media/${done.mediaId}`)).json();
    expect(media).toMatchObject({ name: 'red.png', mimeType: 'image/png', kind: 'image' });
    const list = (await olive.get('/api/media/imports')).json();
    expect(list.items[0]).toMatchObject({ id: started.id, status: 'done' });
  });

  it.each([
    ['a file over the size limit', '/big.png', /is larger than .*the largest file/],
    ['a page that is not an image', '/page.html', MEDIA_IMPORT_MESSAGES.wrongType],
    ['an expired link (410)', '/expired', MEDIA_IMPORT_MESSAGES.gone],
    ['a missing file (404)', '/nothing-here.png', MEDIA_IMPORT_MESSAGES.gone],
  ])('fails %s with a clear message and stores nothing', async (_label, pathname, message) => {
    const pat = await signInAsNewUser(t, { name: 'Pat Failing' });
    const started = await start(pat, `${siteUrl}${pathname}`);
    const failed = await settled(pat, started.id);
    expect(failed.status).toBe('failed');
    if (typeof message === 'string') expect(failed.error).toBe(message);
    else expect(failed.error).toMatch(message);
    expect(await libraryOf(pat.workspaceId)).toEqual([]);
  });

  it('cancels a download in progress and keeps the cancelled state', async () => {
    const quinn = await signInAsNewUser(t, { name: 'Quinn Cancel' });
    const started = await start(quinn, `${siteUrl}/slow.png`);
    const running = await settled(quinn, started.id, (item) => item.receivedBytes > 0);
    expect(running).toMatchObject({ status: 'downloading', totalBytes: 150_000 });
    const cancelled = await quinn.send('POST', `/api/media/imports/${started.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await quinn.get(`/api/media/imports/${started.id}`)).json().status).toBe('cancelled');
    expect(await libraryOf(quinn.workspaceId)).toEqual([]);
    const again = await quinn.send('POST', `/api/media/imports/${started.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MEDIA_IMPORT_MESSAGES.notCancellable);
  });

  it("answers 404 for another workspace's import and refuses a bad address", async () => {
    const rex = await signInAsNewUser(t, { name: 'Rex Other' });
    const started = await start(olive, `${siteUrl}/photos/red.png`);
    expect((await rex.get(`/api/media/imports/${started.id}`)).statusCode).toBe(404);
    const cancel = await rex.send('POST', `/api/media/imports/${started.id}/cancel`);
    expect(cancel.statusCode).toBe(404);
    for (const url of ['ftp://example.com/a.png', 'not a url', '']) {
      const refused = await rex.send('POST', '/api/media/imports', { url });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(MEDIA_IMPORT_MESSAGES.invalidUrl);
    }
    expect((await rex.send('POST', '/api/media/imports', {})).statusCode).toBe(400);
    await settled(olive, started.id);
  });
});

describe('with the default address policy', () => {
  it('refuses a private-network address before anything is queued', async () => {
    const strict = await createTestApp({ config: { billingMode: 'self-hosted' } });
    try {
      const sam = await signInAsNewUser(strict, { name: 'Sam Strict' });
      for (const url of [`${siteUrl}/photos/red.png`, 'http://10.0.0.5/a.png', 'http://[::1]/a.png']) {
        const refused = await sam.send('POST', '/api/media/imports', { url });
        expect(refused.statusCode, url).toBe(400);
        expect(refused.json().code).toBe('PRIVATE_ADDRESS');
      }
      expect((await sam.get('/api/media/imports')).json().items).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
