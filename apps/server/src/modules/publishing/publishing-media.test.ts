import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mediaFiles } from '../../db/schema/index';
import { createLocalStorage } from '../../lib/media/local-storage';
import { isValidMediaSignature, PUBLIC_MEDIA_URL_TTL_MS, signedMediaUrl } from '../media/public-media-url';

/** Media the platforms fetch by URL (Instagram, Threads, TikTok): signed, time-limited, served without a session. */

let t: TestApp;
let mediaId: string;
const bytes = Buffer.from('not really a png, but bytes all the same');

beforeAll(async () => {
  t = await createTestApp();
  const user = await signInAsNewUser(t);
  mediaId = randomUUID();
  const key = `${user.workspaceId}/${mediaId}.png`;
  const source = path.join(t.config.dataDir, 'upload.png');
  writeFileSync(source, bytes);
  await createLocalStorage(t.config.mediaDir).put(key, source, 'image/png');
  await t.db.insert(mediaFiles).values({
    id: mediaId,
    workspaceId: user.workspaceId,
    name: 'launch.png',
    mimeType: 'image/png',
    kind: 'image',
    sizeBytes: bytes.length,
    storageKey: key,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('signed media URLs', () => {
  it('serves the file under PUBLIC_URL to anyone holding a valid signature', async () => {
    const url = new URL(signedMediaUrl(t.config, mediaId));
    expect(url.origin).toBe(new URL(t.config.publicUrl).origin);
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a tampered, foreign or expired signature with a 404', async () => {
    const url = new URL(signedMediaUrl(t.config, mediaId));
    const sig = url.searchParams.get('sig') ?? '';
    const exp = Number(url.searchParams.get('exp'));
    const tampered = `${url.pathname}?exp=${exp + 60}&sig=${sig}`;
    const other = `/api/media/public/${randomUUID()}?exp=${exp}&sig=${sig}`;
    for (const target of [tampered, other]) {
      const res = await t.app.inject({ method: 'GET', url: target });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This media link is invalid or has expired.');
    }
    const later = Date.now() + PUBLIC_MEDIA_URL_TTL_MS + 1_000;
    expect(isValidMediaSignature(t.config.appSecret, mediaId, exp, sig)).toBe(true);
    expect(isValidMediaSignature(t.config.appSecret, mediaId, exp, sig, later)).toBe(false);
    expect(isValidMediaSignature('another-secret-that-is-32-characters-long', mediaId, exp, sig)).toBe(false);
  });
});
