import { CLIP_HIGHLIGHT_MESSAGES, type ClipAnalysis } from '@relaycast/shared/clips';
import { MEDIA_MESSAGES } from '@relaycast/shared/media';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { clipAnalyses, mediaFiles } from '../../db/schema/index';
import { type MediaFixtures, makeMediaFixtures, uploadFile } from '../media/media.test-support';
import { HIGHLIGHT_VIDEO, makeHighlightVideo } from './clips.test-support';

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

function analyse(cookie: string, body: Record<string, unknown>) {
  return postJson(t.app, '/api/clips/analyses', body, { cookie });
}

describe('clip highlights from a library video', () => {
  it('finds the loud span, the cuts and the silence in one analysis, and stores the result', async () => {
    const owner = await signInAsNewUser(t);
    const upload = await uploadFile(t.app, owner.cookie, 'stream.mp4', video);
    expect(upload.statusCode).toBe(201);
    const mediaId = upload.json().id as string;

    const before = await t.app.inject({
      method: 'GET',
      url: `/api/clips/analyses/${mediaId}`,
      headers: { cookie: owner.cookie },
    });
    // Never analysed: "none yet", not an error (the page asks on choosing a video).
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();

    const res = await analyse(owner.cookie, { mediaId });
    expect(res.statusCode).toBe(200);
    const result = res.json() as ClipAnalysis;
    expect(result.durationSeconds).toBeCloseTo(HIGHLIGHT_VIDEO.durationSeconds, 0);
    expect(result.clipSeconds).toBe(30);

    // The scene changes are the three cuts, within a second.
    const strongest = [...result.sceneChanges].sort((a, b) => b.score - a.score).slice(0, 3);
    const times = strongest.map((change) => change.time).sort((a, b) => a - b);
    HIGHLIGHT_VIDEO.cuts.forEach((cut, index) => {
      expect(Math.abs((times[index] ?? -10) - cut)).toBeLessThanOrEqual(1);
    });

    // The top clip holds the whole loud span, its loudness and scene signals are the strongest, no silence.
    const [top, ...rest] = result.clips;
    expect(top).toBeDefined();
    expect(top!.start).toBeLessThanOrEqual(HIGHLIGHT_VIDEO.loud[0]);
    expect(top!.end).toBeGreaterThanOrEqual(HIGHLIGHT_VIDEO.loud[1]);
    expect(top!.end - top!.start).toBe(30);
    expect(top!.signals.loudness).toBe(1);
    expect(top!.signals.silence).toBe(0);
    expect(top!.reason).toMatch(/louder than usual/i);
    // testsrc2 and testsrc move across the whole picture: the activity is near the middle.
    expect(top!.activityCentre).toBeGreaterThan(0.3);
    expect(top!.activityCentre).toBeLessThan(0.7);
    // The clips do not overlap, are at most five and come best first; a clip over the silence says so.
    expect(result.clips.length).toBeLessThanOrEqual(5);
    for (const clip of rest) {
      expect(clip.score).toBeLessThanOrEqual(top!.score);
      expect(clip.start >= top!.end || clip.end <= top!.start).toBe(true);
      if (clip.start <= HIGHLIGHT_VIDEO.silent[0] && clip.end >= HIGHLIGHT_VIDEO.silent[1]) {
        expect(clip.signals.silence).toBeGreaterThan(0.2);
      }
    }

    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/clips/analyses/${mediaId}`,
      headers: { cookie: owner.cookie },
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual(result);

    // Another workspace: not found, for the analysis and the result.
    const other = await signInAsNewUser(t);
    const foreign = await analyse(other.cookie, { mediaId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MEDIA_MESSAGES.notFound);
    const foreignResult = await t.app.inject({
      method: 'GET',
      url: `/api/clips/analyses/${mediaId}`,
      headers: { cookie: other.cookie },
    });
    expect(foreignResult.statusCode).toBe(404);

    // Deleting the video deletes its analysis (ON DELETE CASCADE).
    await t.db.delete(mediaFiles).where(eq(mediaFiles.id, mediaId));
    expect(await t.db.select().from(clipAnalyses).where(eq(clipAnalyses.mediaId, mediaId))).toEqual([]);
  });

  it('refuses an image, a video over 10 minutes and malformed input with a clear message', async () => {
    const owner = await signInAsNewUser(t);
    const image = (await uploadFile(t.app, owner.cookie, 'red.png', fx.png)).json().id as string;
    const refused = await analyse(owner.cookie, { mediaId: image });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CLIP_HIGHLIGHT_MESSAGES.notAVideo);

    const long = (await uploadFile(t.app, owner.cookie, 'long.mp4', fx.mp4)).json().id as string;
    await t.db
      .update(mediaFiles)
      .set({ durationSeconds: 11 * 60 })
      .where(eq(mediaFiles.id, long));
    const tooLong = await analyse(owner.cookie, { mediaId: long });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(CLIP_HIGHLIGHT_MESSAGES.tooLong);

    expect((await analyse(owner.cookie, {})).statusCode).toBe(400);
    expect((await analyse(owner.cookie, { mediaId: long, clipSeconds: 5 })).statusCode).toBe(400);
    expect((await analyse(owner.cookie, { mediaId: 'nope' })).statusCode).toBe(404);
  });
});
