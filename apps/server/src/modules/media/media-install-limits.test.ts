import path from 'node:path';
import { Readable } from 'node:stream';
import { MEDIA_MESSAGES } from '@relaycast/shared/media';
import { MEGABYTE, PLANS, planMediaLimits } from '@relaycast/shared/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../test/test-app';
import { mediaFiles } from '../../db/schema/index';
import {
  filesUnder,
  type MediaFixtures,
  makeMediaFixtures,
  multipartFile,
  pngOfSize,
  uploadFile,
} from './media.test-support';
import { DISK_CHECK_INTERVAL_BYTES } from './media-upload';

/**
 * A self-hosted install's own media limits and the disk's reserve (docs/decisions/0061): the plans' sizes are
 * the managed service's. The disk is a stub of statfs: `disk.free(call)` answers the free bytes of each read.
 */
const disk = vi.hoisted(() => ({ free: (_call: number) => Number.MAX_SAFE_INTEGER, calls: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const statfs = async (target: string) => {
    const real = await actual.statfs(target);
    disk.calls += 1;
    return Object.assign(real, { bsize: 1, bavail: disk.free(disk.calls) });
  };
  return { ...actual, statfs, default: { ...actual, statfs } };
});

const STANDARD = PLANS.find((plan) => plan.id === 'standard')!;
const RESERVE = 64 * MEGABYTE;

let fx: MediaFixtures;
let selfHosted: TestApp;
let managed: TestApp;
beforeAll(async () => {
  fx = makeMediaFixtures();
  selfHosted = await createTestApp({
    config: {
      billingMode: 'self-hosted',
      installLimits: { maxFileSizeBytes: 16 * MEGABYTE, storageBytes: null, minFreeDiskBytes: RESERVE },
    },
  });
  managed = await createTestApp();
});
afterAll(async () => {
  await selfHosted.close();
  await managed.close();
  fx.cleanup();
});
beforeEach(() => {
  disk.free = () => Number.MAX_SAFE_INTEGER;
  disk.calls = 0;
});

const tempDirOf = (t: TestApp) => path.join(t.config.dataDir, 'tmp', 'media');

async function rowsOf(t: TestApp, workspaceId: string) {
  return t.db.select().from(mediaFiles).where(eq(mediaFiles.workspaceId, workspaceId));
}

describe('a self-hosted install (no billing)', () => {
  it('accepts a file larger than any plan allows, up to its own MAX_UPLOAD_MB', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(selfHosted);
    const res = await uploadFile(selfHosted.app, cookie, 'phone-video.png', pngOfSize(fx.png, 12 * MEGABYTE));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().sizeBytes).toBe(12 * MEGABYTE);
    expect(await rowsOf(selfHosted, workspaceId)).toHaveLength(1);
  });

  it('refuses a file above MAX_UPLOAD_MB with the server limit, and keeps nothing of it', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(selfHosted);
    const res = await uploadFile(selfHosted.app, cookie, 'too-big.png', pngOfSize(fx.png, 17 * MEGABYTE));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'FILE_TOO_LARGE',
      message: '"too-big.png" is larger than 16 MB, the largest file this server accepts.',
    });
    expect(await rowsOf(selfHosted, workspaceId)).toHaveLength(0);
    expect(filesUnder(tempDirOf(selfHosted))).toEqual([]);
  });

  it('shows the install limits, not a plan, in the media library and on the usage page', async () => {
    const { cookie } = await signInAsNewUser(selfHosted);
    disk.free = () => RESERVE + 5000 * MEGABYTE;
    const list = await selfHosted.app.inject({ method: 'GET', url: '/api/media', headers: { cookie } });
    expect(list.json().usage).toEqual({
      usedBytes: 0,
      storageBytes: null,
      maxFileSizeBytes: 16 * MEGABYTE,
      plan: null,
      diskFreeBytes: 5000 * MEGABYTE,
    });
    const usage = await selfHosted.app.inject({
      method: 'GET',
      url: '/api/workspaces/current/usage',
      headers: { cookie },
    });
    expect(usage.json().storage).toEqual({
      usedBytes: 0,
      limitBytes: null,
      maxFileSizeBytes: 16 * MEGABYTE,
      limitsFrom: 'server',
      diskFreeBytes: 5000 * MEGABYTE,
    });
  });

  it('refuses an upload before reading it when the disk is down to its reserve', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(selfHosted);
    disk.free = () => RESERVE + MEGABYTE;
    const res = await uploadFile(selfHosted.app, cookie, 'clip.png', pngOfSize(fx.png, 2 * MEGABYTE));
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ code: 'DISK_FULL', message: MEDIA_MESSAGES.diskFull });
    expect(res.headers.connection).toBe('close');
    expect(await rowsOf(selfHosted, workspaceId)).toHaveLength(0);
    expect(filesUnder(tempDirOf(selfHosted))).toEqual([]);
  });

  it('stops an upload whose disk fills up on the way and leaves no partial file', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(selfHosted);
    // Room for the whole file when it starts; then something else fills the disk to its reserve.
    disk.free = (call) => (call <= 2 ? RESERVE + 100 * MEGABYTE : RESERVE);
    // Sent in 1 MB pieces, as a network delivers a body (inject would hand the parser the whole buffer at once).
    const body = multipartFile('long.png', pngOfSize(fx.png, 12 * MEGABYTE));
    const pieces = Array.from({ length: Math.ceil(body.payload.length / MEGABYTE) }, (_, n) =>
      body.payload.subarray(n * MEGABYTE, (n + 1) * MEGABYTE),
    );
    const res = await selfHosted.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: Readable.from(pieces),
      headers: {
        cookie,
        origin: TEST_ORIGIN,
        'content-type': body.contentType,
        'content-length': String(body.payload.length),
      },
    });
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toBe(MEDIA_MESSAGES.diskFull);
    // Refused mid-stream: the first read allowed the start, a later one (after DISK_CHECK_INTERVAL_BYTES) not.
    expect(disk.calls).toBe(3);
    expect(12 * MEGABYTE).toBeGreaterThan(DISK_CHECK_INTERVAL_BYTES);
    expect(await rowsOf(selfHosted, workspaceId)).toHaveLength(0);
    expect(filesUnder(tempDirOf(selfHosted))).toEqual([]);
    expect(filesUnder(selfHosted.config.mediaDir).filter((file) => file.startsWith(workspaceId))).toEqual([]);
  });
});

describe('a managed install (billing configured)', () => {
  it("keeps the plan's limits exactly: 12 MB is over Standard's file size", async () => {
    const { cookie, workspaceId } = await signInAsNewUser(managed);
    const res = await uploadFile(managed.app, cookie, 'phone-video.png', pngOfSize(fx.png, 12 * MEGABYTE));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      MEDIA_MESSAGES.fileTooLarge('phone-video.png', planMediaLimits(STANDARD)),
    );
    expect(await rowsOf(managed, workspaceId)).toHaveLength(0);
    const list = await managed.app.inject({ method: 'GET', url: '/api/media', headers: { cookie } });
    expect(list.json().usage).toEqual({
      usedBytes: 0,
      storageBytes: STANDARD.storageBytes,
      maxFileSizeBytes: STANDARD.maxFileSizeBytes,
      plan: 'Standard',
      diskFreeBytes: null,
    });
  });
});
