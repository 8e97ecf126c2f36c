import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { clipCaptionCues } from '@relaycast/shared/clip-transcript';
import { CLIP_HIGHLIGHT_MESSAGES, type ClipAnalysis } from '@relaycast/shared/clips';
import type { ExportJob } from '@relaycast/shared/video-editor';
import { toSrt } from '@relaycast/shared/video-editor-overlays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type MediaFixtures, makeMediaFixtures, uploadFile } from '../media/media.test-support';
import { makeSpeechVideo, SPEECH_VIDEO } from './clips.test-support';

let t: TestApp;
let fx: MediaFixtures;
let video: Buffer;
let speechEnd: number;

beforeAll(async () => {
  fx = makeMediaFixtures();
  ({ video, speechEnd } = makeSpeechVideo(fx.dir));
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  fx.cleanup();
});

async function waitForJob(cookie: string, id: string): Promise<ExportJob> {
  for (let i = 0; i < 600; i += 1) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/video-editor/exports/${id}`,
      headers: { cookie },
    });
    const job = res.json() as ExportJob;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export did not finish');
}

describe('the transcript of a library video', () => {
  it('finds the spoken words within the speech, scores them, keeps them, and burns them into a clip', async () => {
    const owner = await signInAsNewUser(t);
    const upload = await uploadFile(t.app, owner.cookie, 'talk.mp4', video);
    expect(upload.statusCode).toBe(201);
    const mediaId = upload.json().id as string;

    // Without a transcript: no speech signal (the scores of decision 0048).
    const plain = await postJson(
      t.app,
      '/api/clips/analyses',
      { mediaId, clipSeconds: 15 },
      { cookie: owner.cookie },
    );
    expect(plain.statusCode).toBe(200);
    expect((plain.json() as ClipAnalysis).transcript).toBeUndefined();
    for (const clip of (plain.json() as ClipAnalysis).clips) expect(clip.signals.speech).toBeUndefined();

    const res = await postJson(
      t.app,
      '/api/clips/analyses',
      { mediaId, clipSeconds: 15, transcribe: true },
      { cookie: owner.cookie },
    );
    expect(res.statusCode).toBe(200);
    const result = res.json() as ClipAnalysis;
    const utterances = result.transcript?.utterances ?? [];
    expect(result.transcript?.source).toBe('local');
    expect(utterances.length).toBeGreaterThanOrEqual(1);
    // Every utterance lies within the spoken span (espeak's file ends in a little silence of its own).
    for (const utterance of utterances) {
      expect(utterance.start).toBeGreaterThanOrEqual(SPEECH_VIDEO.speechStart - 0.3);
      expect(utterance.end).toBeLessThanOrEqual(speechEnd + 0.3);
      expect(utterance.end).toBeGreaterThan(utterance.start);
    }
    expect(utterances[0]!.start).toBeLessThan(SPEECH_VIDEO.speechStart + 0.5);
    // Recognition of a synthetic voice is rough: some words, among them "speech" or "recognition".
    const words = utterances.flatMap((utterance) => utterance.text.split(/\s+/));
    expect(words.length).toBeGreaterThanOrEqual(3);
    expect(words.join(' ')).toMatch(/speech|recognition/);

    // The top clip holds the speech, with the most words a second.
    const [top] = result.clips;
    expect(top!.signals.speech).toBe(1);
    expect(top!.start).toBeLessThanOrEqual(utterances[0]!.start);
    expect(top!.end).toBeGreaterThanOrEqual(utterances.at(-1)!.end);
    expect(top!.reason).toMatch(/speech/i);

    // Analysing again without transcribing keeps the transcript and the speech signal.
    const again = await postJson(
      t.app,
      '/api/clips/analyses',
      { mediaId, clipSeconds: 15 },
      { cookie: owner.cookie },
    );
    expect((again.json() as ClipAnalysis).transcript).toEqual(result.transcript);
    expect((again.json() as ClipAnalysis).clips[0]!.signals.speech).toBe(1);

    // The clip's export burns its captions in through the video editor's job.
    const cues = clipCaptionCues(utterances, top!.start, top!.end);
    expect(cues.length).toBeGreaterThanOrEqual(1);
    const started = await postJson(
      t.app,
      '/api/video-editor/exports',
      {
        mediaId,
        start: top!.start,
        end: top!.end,
        format: 'mp4',
        crop: '9:16',
        captions: { name: 'clip.srt', text: toSrt(cues) },
      },
      { cookie: owner.cookie },
    );
    expect(started.statusCode).toBe(202);
    const job = await waitForJob(owner.cookie, started.json().id);
    expect(job.error).toBeNull();
    expect(job.status).toBe('succeeded');
    expect(job.captionCount).toBe(cues.length);
    const file = await t.app.inject({
      method: 'GET',
      url: job.result!.url,
      headers: { cookie: owner.cookie },
    });
    const target = path.join(fx.dir, 'captioned.mp4');
    writeFileSync(target, file.rawPayload);
    const probe = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_format',
        '-show_streams',
        '-of',
        'json',
        target,
      ]).toString(),
    ) as { format: { duration: string }; streams: { codec_type: string; width?: number; height?: number }[] };
    expect(Math.abs(Number(probe.format.duration) - (top!.end - top!.start))).toBeLessThan(0.5);
    const picture = probe.streams.find((stream) => stream.codec_type === 'video');
    expect(picture!.height! > picture!.width!).toBe(true);
  }, 120_000);

  it('says so when the speech model is missing (503), and refuses bad input', async () => {
    const bare = await createTestApp({ config: { pocketsphinxModelDir: path.join(fx.dir, 'no-model') } });
    try {
      const owner = await signInAsNewUser(bare);
      const mediaId = (await uploadFile(bare.app, owner.cookie, 'talk.mp4', video)).json().id as string;
      const res = await postJson(
        bare.app,
        '/api/clips/analyses',
        { mediaId, transcribe: true },
        { cookie: owner.cookie },
      );
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(CLIP_HIGHLIGHT_MESSAGES.transcriptUnavailable);
      const bad = await postJson(
        bare.app,
        '/api/clips/analyses',
        { mediaId, transcribe: 'yes' },
        { cookie: owner.cookie },
      );
      expect(bad.statusCode).toBe(400);
    } finally {
      await bare.close();
    }
  });
});
