import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLIP_HIGHLIGHT_MESSAGES, type ClipAnalysis } from '@relaycast/shared/clips';
import { MEDIA_MESSAGES, type MediaItem } from '@relaycast/shared/media';
import { PLANS } from '@relaycast/shared/plans';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mediaFiles } from '../../db/schema/index';
import { type MediaFixtures, makeMediaFixtures, uploadFile } from '../media/media.test-support';
import { makeHighlightVideo } from './clips.test-support';
import { coverFrameArgs, coverName } from './clips-covers';

const STANDARD = PLANS.find((plan) => plan.id === 'standard')!;

let t: TestApp;
let fx: MediaFixtures;
let video: Buffer;

beforeAll(async () => {
  fx = makeMediaFixtures();
  video = makeHighlightVideo(fx.dir);
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  fx.cleanup();
});

/** Uploads the highlight video for a new user (on `plan`) and analyses it. */
async function analysedVideo(plan?: string) {
  const owner = await signInAsNewUser(t, { plan });
  const mediaId = (await uploadFile(t.app, owner.cookie, 'stream.mp4', video)).json().id as string;
  const analysis = await postJson(t.app, '/api/clips/analyses', { mediaId }, { cookie: owner.cookie });
  expect(analysis.statusCode).toBe(200);
  return { ...owner, mediaId, analysis: analysis.json() as ClipAnalysis };
}

function saveCover(cookie: string, mediaId: string, body: Record<string, unknown>) {
  return postJson(t.app, `/api/clips/analyses/${mediaId}/covers`, body, { cookie });
}

async function imagesOf(workspaceId: string) {
  return t.db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.workspaceId, workspaceId), eq(mediaFiles.kind, 'image')));
}

/** Width, height and the centre pixel (RGB) of a JPEG. */
function pictureOf(jpeg: Buffer, name: string) {
  const file = path.join(fx.dir, name);
  writeFileSync(file, jpeg);
  const size = execFileSync('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,codec_name'],
    ...['-of', 'csv=p=0', file],
  ])
    .toString()
    .trim()
    .split(',');
  const pixel = execFileSync('ffmpeg', [
    ...['-v', 'error', '-i', file, '-vf', 'crop=2:2:iw/2:ih/2,scale=1:1', '-pix_fmt', 'rgb24'],
    ...['-f', 'rawvideo', '-'],
  ]);
  return { codec: size[0], width: Number(size[1]), height: Number(size[2]), rgb: [...pixel.subarray(0, 3)] };
}

describe('cover images from scene changes', () => {
  it('stores the frame after a scene change as a JPEG image at the video size in the library', async () => {
    const owner = await analysedVideo();
    // The cut at 15 s goes from testsrc2 to plain red.
    const cut = owner.analysis.sceneChanges.find((change) => Math.abs(change.time - 15) <= 1);
    expect(cut).toBeDefined();
    const res = await saveCover(owner.cookie, owner.mediaId, { time: cut!.time });
    expect(res.statusCode).toBe(201);
    const item = res.json() as MediaItem;
    expect(item).toMatchObject({ kind: 'image', mimeType: 'image/jpeg', width: 160, height: 120 });
    expect(item.name).toBe(`stream (cover 0:${String(cut!.time).padStart(2, '0')}).jpg`);
    expect(item.thumbnailUrl).toBeTruthy();

    const file = await t.app.inject({ method: 'GET', url: item.url, headers: { cookie: owner.cookie } });
    expect(file.statusCode).toBe(200);
    const picture = pictureOf(file.rawPayload, 'cover.jpg');
    expect(picture).toMatchObject({ codec: 'mjpeg', width: 160, height: 120 });
    const [red, green, blue] = picture.rgb as [number, number, number];
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(60);
    expect(blue).toBeLessThan(60);
    expect(item.sizeBytes).toBe(file.rawPayload.length);

    // Listed with the library's images.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/media?kind=image',
      headers: { cookie: owner.cookie },
    });
    expect(list.json().items.map((listed: MediaItem) => listed.id)).toContain(item.id);
  });

  it('refuses a time outside the video, another workspace, an unanalysed video and a full library', async () => {
    const owner = await analysedVideo('standard');
    for (const time of [60, 600, -1]) {
      const outside = await saveCover(owner.cookie, owner.mediaId, { time });
      expect(outside.statusCode).toBe(400);
      if (time >= 0) expect(outside.json().message).toBe(CLIP_HIGHLIGHT_MESSAGES.coverOutsideVideo);
    }
    expect((await saveCover(owner.cookie, owner.mediaId, {})).statusCode).toBe(400);

    const other = await signInAsNewUser(t);
    const foreign = await saveCover(other.cookie, owner.mediaId, { time: 15 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MEDIA_MESSAGES.notFound);
    expect((await saveCover(owner.cookie, 'nope', { time: 1 })).statusCode).toBe(404);

    const fresh = (await uploadFile(t.app, owner.cookie, 'fresh.mp4', video)).json().id as string;
    const unanalysed = await saveCover(owner.cookie, fresh, { time: 15 });
    expect(unanalysed.statusCode).toBe(404);
    expect(unanalysed.json().message).toBe(CLIP_HIGHLIGHT_MESSAGES.notAnalysed);

    // The plan's storage is full: refused like an upload, nothing stored.
    const used = (await t.db.select().from(mediaFiles).where(eq(mediaFiles.workspaceId, owner.workspaceId)))
      .map((row) => row.sizeBytes)
      .reduce((sum, size) => sum + size, 0);
    await t.db.insert(mediaFiles).values({
      id: `filler-${Date.now()}`,
      workspaceId: owner.workspaceId,
      name: 'filler.mp4',
      mimeType: 'video/mp4',
      kind: 'video',
      sizeBytes: STANDARD.storageBytes - used - 100,
      storageKey: `${owner.workspaceId}/filler.mp4`,
    });
    const full = await saveCover(owner.cookie, owner.mediaId, { time: 15 });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('STORAGE_FULL');
    expect(await imagesOf(owner.workspaceId)).toEqual([]);
  });

  it('builds the frame command and the image name', () => {
    expect(coverFrameArgs('in', 'out.jpg', 15.9)).toEqual([
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-ss', '15.900', '-i', 'in'],
      ...['-map', '0:v:0', '-frames:v', '1', '-q:v', '2', '-f', 'image2', '-c:v', 'mjpeg', 'out.jpg'],
    ]);
    expect(coverName('holiday.mp4', 83.9)).toBe('holiday (cover 1:23).jpg');
    expect(coverName('.mp4', 5)).toBe('Video (cover 0:05).jpg');
  });
});
