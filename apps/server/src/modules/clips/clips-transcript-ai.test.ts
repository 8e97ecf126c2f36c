import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClipAnalysis } from '@relaycast/shared/clips';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, createTestConfig, type TestApp } from '../../../test/test-app';
import { type MediaFixtures, makeMediaFixtures, uploadFile } from '../media/media.test-support';
import { makeSpeechVideo, SPEECH_VIDEO } from './clips.test-support';
import { aiTranscriptionSettings, utterancesOfAnswer } from './clips-transcript-ai';

let t: TestApp;
let fx: MediaFixtures;
let video: Buffer;
let provider: http.Server;
/** What the fake provider was sent, and whether it answers (else 404, as a provider without the endpoint). */
const received: { authorization?: string; body: string }[] = [];
let answers = true;

beforeAll(async () => {
  fx = makeMediaFixtures();
  ({ video } = makeSpeechVideo(fx.dir));
  provider = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        authorization: request.headers.authorization,
        body: Buffer.concat(chunks).toString('latin1'),
      });
      if (!answers || request.url !== '/v1/audio/transcriptions') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          text: 'Hello world. This is a test.',
          segments: [
            { id: 0, start: 10.2, end: 11.4, text: ' Hello world.' },
            { id: 1, start: 11.6, end: 14.1, text: ' This is a test.' },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  t = await createTestApp({
    config: {
      ai: {
        ...createTestConfig().ai,
        provider: 'openai-compatible',
        baseUrl: `http://127.0.0.1:${port}/v1/`,
        model: 'chat',
        apiKey: 'sk-test',
        transcriptionModel: 'whisper-test',
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  provider?.close();
  fx.cleanup();
});

describe("the AI provider's transcription", () => {
  it('sends the sound to {base}/audio/transcriptions and keeps its segments; falls back to PocketSphinx', async () => {
    const owner = await signInAsNewUser(t);
    const mediaId = (await uploadFile(t.app, owner.cookie, 'talk.mp4', video)).json().id as string;
    const res = await postJson(
      t.app,
      '/api/clips/analyses',
      { mediaId, clipSeconds: 15, transcribe: true },
      { cookie: owner.cookie },
    );
    expect(res.statusCode).toBe(200);
    const result = res.json() as ClipAnalysis;
    expect(result.transcript?.source).toBe('ai');
    expect(result.transcript?.utterances).toEqual([
      { start: 10.2, end: 11.4, text: 'Hello world.' },
      { start: 11.6, end: 14.1, text: 'This is a test.' },
    ]);
    expect(result.clips[0]!.signals.speech).toBe(1);
    const [sent] = received;
    expect(sent?.authorization).toBe('Bearer sk-test');
    expect(sent?.body).toContain('name="model"\r\n\r\nwhisper-test');
    expect(sent?.body).toContain('name="response_format"\r\n\r\nverbose_json');
    expect(sent?.body).toMatch(/filename="audio\.mp3"\r\nContent-Type: audio\/mpeg/i);

    // A provider without the endpoint (404): the local speech-to-text makes the transcript.
    answers = false;
    const local = await postJson(
      t.app,
      '/api/clips/analyses',
      { mediaId, clipSeconds: 15, transcribe: true },
      { cookie: owner.cookie },
    );
    expect(local.statusCode).toBe(200);
    const fallback = (local.json() as ClipAnalysis).transcript;
    expect(fallback?.source).toBe('local');
    expect(fallback?.utterances[0]?.start).toBeGreaterThanOrEqual(SPEECH_VIDEO.speechStart - 0.3);
    expect(received).toHaveLength(2);
  }, 120_000);
});

describe('aiTranscriptionSettings and utterancesOfAnswer', () => {
  it('needs a model and an OpenAI-style provider', () => {
    const ai = createTestConfig().ai;
    expect(aiTranscriptionSettings({ ...ai, provider: 'openai', apiKey: 'k' })).toBeNull();
    expect(
      aiTranscriptionSettings({ ...ai, provider: 'openai', apiKey: 'k', transcriptionModel: 'whisper-1' }),
    ).toMatchObject({ baseUrl: 'https://api.openai.com/v1', model: 'whisper-1', apiKey: 'k' });
    expect(
      aiTranscriptionSettings({ ...ai, provider: 'anthropic', apiKey: 'k', transcriptionModel: 'whisper-1' }),
    ).toBeNull();
    expect(
      aiTranscriptionSettings({ ...ai, provider: 'openai-compatible', transcriptionModel: 'whisper-1' }),
    ).toBeNull();
  });

  it('keeps the segments with a time and some text, within the video', () => {
    expect(
      utterancesOfAnswer(
        {
          segments: [
            { start: 1, end: 2.5, text: ' hi  there ' },
            { start: 3, end: 3, text: 'empty time' },
            { start: 4, end: 5, text: '   ' },
            { start: 'x', end: 5, text: 'no time' },
            { start: 9, end: 12, text: 'past the end' },
          ],
        },
        10,
      ),
    ).toEqual([
      { start: 1, end: 2.5, text: 'hi there' },
      { start: 9, end: 10, text: 'past the end' },
    ]);
    expect(utterancesOfAnswer({ text: 'no segments' }, 10)).toBeNull();
    expect(utterancesOfAnswer(null, 10)).toBeNull();
  });
});
