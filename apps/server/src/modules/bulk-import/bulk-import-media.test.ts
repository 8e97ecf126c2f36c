/**
 * A bulk import's media by public URL (docs/bulk-import.md): fetched through the outbound-address policy from a
 * site this test starts, checked with the plan's file-size limit, reported per row in the preview ("Could not
 * fetch …") with nothing stored, stored in the media library by the import, and nothing left behind when the
 * import fails. An app with the default policy refuses the same loopback address.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BULK_IMPORT_MESSAGES } from '@relaycast/shared/bulk-import';
import { MEDIA_MESSAGES } from '@relaycast/shared/media';
import type { Post } from '@relaycast/shared/posts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mediaFiles, socialAccounts } from '../../db/schema/index';
import { encryptSecret } from '../../lib/secrets';
import { filesUnder, type MediaFixtures, makeMediaFixtures, pngOfSize } from '../media/media.test-support';

const MAX_FILE = 200_000;
let fx: MediaFixtures;
let site: http.Server;
let siteUrl: string;
let t: TestApp;
let olive: SignedInUser;
const year = new Date().getUTCFullYear() + 1;

async function addMastodon(app: TestApp, workspaceId: string): Promise<void> {
  const id = randomUUID();
  await app.db.insert(socialAccounts).values({
    id,
    workspaceId,
    platform: 'mastodon',
    platformAccountId: `acct-${id.slice(0, 8)}`,
    handle: '@olive@example.social',
    status: 'connected',
    accessTokenEncrypted: encryptSecret('token', app.config.appSecret),
  });
}

beforeAll(async () => {
  fx = makeMediaFixtures();
  const big = pngOfSize(fx.png, MAX_FILE + 50_000);
  site = http.createServer((request, response) => {
    if (request.url === '/red.png') response.writeHead(200, { 'content-type': 'image/png' }).end(fx.png);
    else if (request.url === '/big.png') response.writeHead(200, { 'content-type': 'image/png' }).end(big);
    else if (request.url === '/page.html')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    else response.writeHead(404).end();
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
  });
  olive = await signInAsNewUser(t, { name: 'Olive Owner' });
  await addMastodon(t, olive.workspaceId);
}, 60_000);

afterAll(async () => {
  await t?.close();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  fx.cleanup();
});

const csvOf = (...lines: string[]) => ['text,date,time,timezone,accounts,media', ...lines].join('\n');
const send = (who: SignedInUser, url: string, body: Record<string, unknown>) =>
  who.send('POST', url, { timeZone: 'UTC', ...body });
const libraryOf = (app: TestApp, workspaceId: string) =>
  app.db.select().from(mediaFiles).where(eq(mediaFiles.workspaceId, workspaceId));
const tempDir = () => path.join(t.config.dataDir, 'tmp', 'bulk-import');

describe('media by public URL', () => {
  it('fetches each URL for the preview, says what is wrong per row, and stores nothing', async () => {
    const csv = csvOf(
      `Red square,${year}-03-01,09:00,UTC,mastodon,${siteUrl}/red.png`,
      `A page,${year}-03-01,10:00,UTC,mastodon,${siteUrl}/page.html`,
      `Too big,${year}-03-01,11:00,UTC,mastodon,${siteUrl}/big.png`,
      `Gone,${year}-03-01,12:00,UTC,mastodon,${siteUrl}/missing.png`,
    );
    const res = await send(olive, '/api/bulk-import/preview', { csv });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows;
    expect(rows[0].problems).toEqual([]);
    expect(rows[1].problems).toEqual([
      BULK_IMPORT_MESSAGES.mediaNotFetched(`${siteUrl}/page.html`, MEDIA_MESSAGES.fetchFailed),
    ]);
    expect(rows[2].problems).toHaveLength(1);
    expect(rows[2].problems[0]).toMatch(/^Could not fetch .*big\.png: "big\.png" is larger than/);
    expect(rows[3].problems).toEqual([
      BULK_IMPORT_MESSAGES.mediaNotFetched(`${siteUrl}/missing.png`, MEDIA_MESSAGES.fetchFailed),
    ]);
    expect(await libraryOf(t, olive.workspaceId)).toEqual([]);
    expect(filesUnder(tempDir())).toEqual([]);
  });

  it('stores the file of a good row in the media library and attaches it; a bad row stores nothing', async () => {
    const csv = csvOf(
      `Red square again,${year}-04-01,09:00,UTC,mastodon,${siteUrl}/red.png`,
      `Too big,${year}-04-01,11:00,UTC,mastodon,${siteUrl}/big.png`,
    );
    const res = await send(olive, '/api/bulk-import', { csv });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().skippedLines).toEqual([3]);
    const library = await libraryOf(t, olive.workspaceId);
    expect(library.map((file) => [file.name, file.mimeType, file.width, file.height])).toEqual([
      ['red.png', 'image/png', 64, 64],
    ]);
    const post: Post = (await olive.get(`/api/posts/${res.json().postIds[0]}`)).json();
    expect(post.media.map((file) => file.id)).toEqual([library[0]?.id]);
    expect(filesUnder(path.join(t.config.mediaDir, olive.workspaceId))).toHaveLength(2);
    expect(filesUnder(tempDir())).toEqual([]);
  });

  it('leaves no file behind when the import fails', async () => {
    await t.db.execute(
      sql.raw(`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.content = 'Boom' then raise exception 'refused for the test'; end if; return new; end $$`),
    );
    await t.db.execute(
      sql.raw(
        'create trigger refuse_boom before insert on posts for each row execute function refuse_boom()',
      ),
    );
    const before = filesUnder(t.config.mediaDir).length;
    const csv = csvOf(`Boom,${year}-05-01,09:00,UTC,mastodon,${siteUrl}/red.png`);
    const res = await send(olive, '/api/bulk-import', { csv });
    await t.db.execute(sql.raw('drop trigger refuse_boom on posts'));
    await t.db.execute(sql.raw('drop function refuse_boom()'));
    expect(res.statusCode).toBe(500);
    expect(await libraryOf(t, olive.workspaceId)).toHaveLength(1);
    expect(filesUnder(t.config.mediaDir)).toHaveLength(before);
    expect(filesUnder(tempDir())).toEqual([]);
  });
});

describe('the outbound-address policy', () => {
  let guarded: TestApp;
  let bob: SignedInUser;
  beforeAll(async () => {
    guarded = await createTestApp();
    bob = await signInAsNewUser(guarded, { name: 'Bob Guarded' });
    await addMastodon(guarded, bob.workspaceId);
  }, 60_000);
  afterAll(() => guarded?.close());

  it('refuses a private address: the row cannot be imported and nothing is fetched', async () => {
    const csv = csvOf(`Sneaky,${year}-03-01,09:00,UTC,mastodon,${siteUrl}/red.png`);
    const res = await send(bob, '/api/bulk-import/preview', { csv });
    expect(res.json().rows[0].problems).toEqual([
      BULK_IMPORT_MESSAGES.mediaNotFetched(`${siteUrl}/red.png`, MEDIA_MESSAGES.fetchFailed),
    ]);
    const imported = await send(bob, '/api/bulk-import', { csv });
    expect(imported.statusCode).toBe(400);
    expect(await libraryOf(guarded, bob.workspaceId)).toEqual([]);
  });
});

describe('progress for large files', () => {
  /** The lines of a request asked with `Accept: application/x-ndjson`. */
  async function streamed(url: string, body: Record<string, unknown>) {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...olive.headers, accept: 'application/x-ndjson' },
      payload: { timeZone: 'UTC', ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    return res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
  }

  it('streams the media fetched and the rows checked, then the very answer of the plain request', async () => {
    const csv = csvOf(
      `One,${year}-06-01,09:00,UTC,mastodon,${siteUrl}/red.png`,
      `Two,${year}-06-01,10:00,UTC,mastodon,${siteUrl}/page.html`,
      `Three,${year}-06-01,11:00,UTC,mastodon,`,
    );
    const lines = await streamed('/api/bulk-import/preview', { csv });
    const progress = lines.slice(0, -1).map(({ stage, done, of }) => `${stage} ${done}/${of}`);
    expect(progress).toEqual([
      'fetching 0/2',
      'fetching 1/2',
      'fetching 2/2',
      'checking 0/3',
      'checking 3/3',
    ]);
    const plain = await send(olive, '/api/bulk-import/preview', { csv });
    expect(lines.at(-1)).toEqual({ type: 'result', status: 200, body: plain.json() });
  });

  it('streams the posts saved and ends with the 201 of the import, or with its refusal', async () => {
    const csv = csvOf(`Streamed,${year}-06-02,09:00,UTC,mastodon,`, `Also,${year}-06-02,10:00,UTC,mastodon,`);
    const lines = await streamed('/api/bulk-import', { csv });
    expect(lines.filter((line) => line.stage === 'saving')).toEqual([
      { type: 'progress', stage: 'saving', done: 0, of: 2 },
      { type: 'progress', stage: 'saving', done: 2, of: 2 },
    ]);
    const result = lines.at(-1);
    expect(result.status).toBe(201);
    expect(result.body.postIds).toHaveLength(2);
    // The same file again: the refusal the plain request answers with a 409, as the stream's last line.
    const again = await streamed('/api/bulk-import', { csv });
    expect(again.at(-1)).toMatchObject({
      type: 'result',
      status: 409,
      body: { code: 'BULK_IMPORT_REPEATED_FILE' },
    });
    expect(again.filter((line) => line.stage === 'saving')).toEqual([]);
  });
});
