import path from 'node:path';
import {
  CLIP_HIGHLIGHT_MESSAGES,
  STREAM_HIGHLIGHT_MESSAGES,
  type StreamHighlights,
} from '@relaycast/shared/clips';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { clipAnalysisRuns, mediaFiles, workspaceMembers } from '../../db/schema/index';
import { createAnalysisRunner } from '../clips/clips.service';
import { HIGHLIGHT_VIDEO, makeHighlightVideo } from '../clips/clips.test-support';
import {
  CLIP_ANALYSIS_JOB,
  type ClipAnalysisPayload,
  queueBackgroundAnalysis,
  runBackgroundAnalysis,
} from '../clips/clips-background';
import { type MediaFixtures, makeMediaFixtures, uploadFile } from '../media/media.test-support';
import { setSessionRecording } from './stream-sessions.service';
import { insertStartingSession } from './stream-sessions.test-support';

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

/** A queue that only records what was sent (the test runs the job handler itself). */
function fakeQueue() {
  const sent: { name: string; payload: object; startAfter?: Date }[] = [];
  return {
    sent,
    async send(name: string, payload: object, options: { startAfter?: Date } = {}) {
      sent.push({ name, payload, ...options });
      return 'job';
    },
  };
}

function deps() {
  return {
    db: t.db,
    storage: t.app.mediaStorage,
    ffmpegPath: t.config.ffmpegPath,
    ffprobePath: t.config.ffprobePath,
    tempDir: path.join(t.config.dataDir, 'tmp'),
  };
}

/** A signed-in user with an ended stream whose recording (the synthetic highlight video) is in the library. */
async function streamWithRecording() {
  const owner = await signInAsNewUser(t);
  const [member] = await t.db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.organizationId, owner.workspaceId));
  const sessionId = await insertStartingSession(t.db, {
    workspaceId: owner.workspaceId,
    userId: member!.userId,
  });
  const upload = await uploadFile(t.app, owner.cookie, 'Launch day.mp4', video);
  expect(upload.statusCode).toBe(201);
  const mediaId = upload.json().id as string;
  await setSessionRecording(t.db, sessionId, mediaId);
  const payload: ClipAnalysisPayload = { workspaceId: owner.workspaceId, mediaId };
  return { ...owner, sessionId, mediaId, payload };
}

async function highlights(cookie: string, sessionId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/streaming/sessions/${sessionId}/highlights`,
    headers: { cookie },
  });
  return { statusCode: res.statusCode, body: res.json() as StreamHighlights & { message?: string } };
}

describe("a stream's suggested clips", () => {
  it('analyses a kept recording in the background once, and the stream shows its clips', async () => {
    const s = await streamWithRecording();
    expect((await highlights(s.cookie, s.sessionId)).body).toMatchObject({
      status: 'not-analysed',
      recordingMediaId: s.mediaId,
      analysis: null,
    });

    const queue = fakeQueue();
    expect(await queueBackgroundAnalysis(t.db, queue, s.payload)).toBe('queued');
    // Queued once: a second request (another kept copy, a second click) sends no second job.
    expect(await queueBackgroundAnalysis(t.db, queue, s.payload)).toBe('queued');
    expect(queue.sent).toEqual([{ name: CLIP_ANALYSIS_JOB, payload: s.payload }]);
    expect((await highlights(s.cookie, s.sessionId)).body.status).toBe('queued');

    await runBackgroundAnalysis(deps(), createAnalysisRunner(), queue, s.payload);
    const done = await highlights(s.cookie, s.sessionId);
    expect(done.statusCode).toBe(200);
    expect(done.body.status).toBe('done');
    const top = done.body.analysis?.clips[0];
    expect(top!.start).toBeLessThanOrEqual(HIGHLIGHT_VIDEO.loud[0]);
    expect(top!.end).toBeGreaterThanOrEqual(HIGHLIGHT_VIDEO.loud[1]);
    expect(await t.db.select().from(clipAnalysisRuns).where(eq(clipAnalysisRuns.mediaId, s.mediaId))).toEqual(
      [],
    );
    // The same analysis the clip generator reads.
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/clips/analyses/${s.mediaId}`,
      headers: { cookie: s.cookie },
    });
    expect(stored.json()).toEqual(done.body.analysis);

    // A late duplicate job does nothing; queueing an analysed recording sends nothing.
    await runBackgroundAnalysis(deps(), createAnalysisRunner(), queue, s.payload);
    expect(await queueBackgroundAnalysis(t.db, queue, s.payload)).toBe('done');
    expect(queue.sent).toHaveLength(1);

    // Another workspace cannot read or start it.
    const other = await signInAsNewUser(t);
    expect((await highlights(other.cookie, s.sessionId)).statusCode).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/streaming/sessions/${s.sessionId}/highlights`,
      headers: { cookie: other.cookie },
    });
    expect(post.statusCode).toBe(404);
  }, 60_000);

  it('records a failed analysis, and a new request queues it again', async () => {
    const s = await streamWithRecording();
    // The stored file is gone: ffmpeg has nothing to read.
    await t.db.update(mediaFiles).set({ storageKey: 'missing/file.mp4' }).where(eq(mediaFiles.id, s.mediaId));
    const queue = fakeQueue();
    await queueBackgroundAnalysis(t.db, queue, s.payload);
    await runBackgroundAnalysis(deps(), createAnalysisRunner(), queue, s.payload);
    expect((await highlights(s.cookie, s.sessionId)).body).toMatchObject({
      status: 'failed',
      analysis: null,
    });

    // "Try again" through the route: queued on the app's own job queue.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/streaming/sessions/${s.sessionId}/highlights`,
      headers: { cookie: s.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('queued');
    const jobs = await t.db.execute(
      sql`select data from pgboss.job where name = ${CLIP_ANALYSIS_JOB} and data->>'mediaId' = ${s.mediaId}`,
    );
    expect((jobs as unknown as { rows: unknown[] }).rows ?? jobs).toHaveLength(1);
  }, 60_000);

  it('queues a recording over 10 minutes (the route refuses it), up to 3 hours', async () => {
    const s = await streamWithRecording();
    const setDuration = (seconds: number) =>
      t.db.update(mediaFiles).set({ durationSeconds: seconds }).where(eq(mediaFiles.id, s.mediaId));
    const request = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/streaming/sessions/${s.sessionId}/highlights`,
        headers: { cookie: s.cookie },
      });
    await setDuration(3 * 3600 + 60);
    const tooLong = await request();
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(STREAM_HIGHLIGHT_MESSAGES.recordingTooLong);
    expect((await highlights(s.cookie, s.sessionId)).body.status).toBe('not-analysed');

    await setDuration(45 * 60);
    const direct = await postJson(t.app, '/api/clips/analyses', { mediaId: s.mediaId }, { cookie: s.cookie });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().message).toBe(CLIP_HIGHLIGHT_MESSAGES.tooLong);
    const queued = await request();
    expect(queued.statusCode).toBe(200);
    expect(queued.json()).toMatchObject({ status: 'queued', recordingSeconds: 45 * 60 });
    // The job analyses it (the real file is 60 s; the stored duration is what the limit reads).
    await runBackgroundAnalysis(deps(), createAnalysisRunner(), fakeQueue(), s.payload);
    expect((await highlights(s.cookie, s.sessionId)).body.status).toBe('done');
  }, 60_000);

  it('waits in the queue when every analysis slot is taken', async () => {
    const s = await streamWithRecording();
    const queue = fakeQueue();
    await queueBackgroundAnalysis(t.db, queue, s.payload);
    await runBackgroundAnalysis(deps(), createAnalysisRunner(0), queue, s.payload);
    expect((await highlights(s.cookie, s.sessionId)).body.status).toBe('queued');
    expect(queue.sent).toHaveLength(2);
    expect(queue.sent[1]?.startAfter?.getTime()).toBeGreaterThan(Date.now());
  }, 60_000);

  it('survives a recording deleted before its job runs, and says the stream has no recording', async () => {
    const s = await streamWithRecording();
    const queue = fakeQueue();
    await queueBackgroundAnalysis(t.db, queue, s.payload);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${s.mediaId}`,
      headers: { cookie: s.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    await expect(
      runBackgroundAnalysis(deps(), createAnalysisRunner(), queue, s.payload),
    ).resolves.toBeUndefined();
    expect((await highlights(s.cookie, s.sessionId)).body).toMatchObject({
      status: 'no-recording',
      recordingMediaId: null,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/streaming/sessions/${s.sessionId}/highlights`,
      headers: { cookie: s.cookie },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STREAM_HIGHLIGHT_MESSAGES.noRecording);
  }, 60_000);
});
