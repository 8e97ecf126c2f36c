import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, TEST_ORIGIN } from '../../../test/test-app';
import type { S3Config } from '../../config/env';
import { makeMediaFixtures, uploadFile } from '../../modules/media/media.test-support';
import { startFakeS3 } from './s3.fake';
import { createS3Storage } from './s3-storage';
import { StorageNotFoundError } from './storage';

let fake: Awaited<ReturnType<typeof startFakeS3>>;
let dir: string;
let s3: S3Config;
beforeAll(async () => {
  fake = await startFakeS3({ bucket: 'relaycast-media', accessKeyId: 'test-key' });
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-s3-'));
  s3 = {
    bucket: 'relaycast-media',
    region: 'us-east-1',
    endpoint: fake.endpoint,
    credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
    forcePathStyle: true,
  };
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3 media storage (against a local fake)', () => {
  it('puts, reads whole and ranged, and deletes objects with signed requests', async () => {
    const storage = await createS3Storage(s3);
    const source = path.join(dir, 'hello.txt');
    writeFileSync(source, 'hello, media library');
    await storage.put('ws1/abc.png', source, 'image/png');
    expect(fake.objects.get('ws1/abc.png')).toEqual({
      body: Buffer.from('hello, media library'),
      contentType: 'image/png',
    });
    expect(await text(await storage.get('ws1/abc.png'))).toBe('hello, media library');
    expect(await text(await storage.get('ws1/abc.png', { start: 7, end: 11 }))).toBe('media');
    await storage.delete('ws1/abc.png');
    expect(fake.objects.has('ws1/abc.png')).toBe(false);
    await expect(storage.get('ws1/abc.png')).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(fake.requests.every((request) => request.authorization.includes('Credential=test-key/'))).toBe(
      true,
    );
  });

  it('refuses keys it did not make', async () => {
    const storage = await createS3Storage(s3);
    await expect(storage.delete('../etc/passwd')).rejects.toThrow(/invalid storage key/);
    await expect(storage.get('ws1/../../x')).rejects.toThrow(/invalid storage key/);
  });

  it('serves the whole media library from the bucket when S3 is configured', async () => {
    const fx = makeMediaFixtures();
    const t = await createTestApp({ config: { s3 } });
    try {
      const { cookie, workspaceId } = await signInAsNewUser(t);
      const res = await uploadFile(t.app, cookie, 'red.png', fx.png);
      expect(res.statusCode).toBe(201);
      const item = res.json();
      expect(fake.objects.get(`${workspaceId}/${item.id}.png`)?.body.equals(fx.png)).toBe(true);
      expect(fake.objects.get(`${workspaceId}/${item.id}.thumb.webp`)?.contentType).toBe('image/webp');

      const file = await t.app.inject({ method: 'GET', url: item.url, headers: { cookie } });
      expect(file.rawPayload.equals(fx.png)).toBe(true);
      const part = await t.app.inject({
        method: 'GET',
        url: item.url,
        headers: { cookie, range: 'bytes=1-3' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.toString('latin1')).toBe('PNG');

      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/media/${item.id}`,
        headers: { cookie, origin: TEST_ORIGIN },
      });
      expect(del.statusCode).toBe(204);
      expect([...fake.objects.keys()].filter((key) => key.startsWith(workspaceId))).toEqual([]);
    } finally {
      await t.close();
      fx.cleanup();
    }
  });
});
