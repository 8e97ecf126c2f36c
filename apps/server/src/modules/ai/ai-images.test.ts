/**
 * AI images (docs/ai-images.md): a prompt goes to the provider's `/images/generations` (the local fake answers a
 * small PNG), the picture lands in the media library with its prompt, model and provider, and counts against the
 * hourly AI limit. Without an image model the control is told what to set; a provider error is worded, never a 500.
 */
import { AI_IMAGE_MESSAGES } from '@relaycast/shared/ai-images';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp } from '../../../test/test-app';
import { aiGenerations, mediaFiles } from '../../db/schema/index';
import { type AiTestContext, startAiTest } from './ai.test-support';

let ctx: AiTestContext;

beforeAll(async () => {
  ctx = await startAiTest({ imageModel: 'fake-image-model', hourlyLimit: 3 });
}, 60_000);
afterAll(async () => {
  await ctx.test.close();
  await ctx.fake.close();
});
afterEach(() => ctx.fake.reset());

describe('POST /api/ai/images', () => {
  it('generates an image into the library with its prompt, model and provider', async () => {
    const ada = await signInAsNewUser(ctx.test, { name: 'Ada Images' });
    const response = await ada.send('POST', '/api/ai/images', {
      prompt: 'A cup of coffee on a wooden table',
      size: '1024x1536',
    });
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json();
    expect(item.kind).toBe('image');
    expect(item.mimeType).toBe('image/png');
    expect(item.name).toBe('AI image – A cup of coffee on a wooden table.png');
    expect(item.generation).toEqual({
      prompt: 'A cup of coffee on a wooden table',
      model: 'fake-image-model',
      provider: 'openai-compatible',
      size: '1024x1536',
    });
    const sent = ctx.fake.requests[0];
    expect(sent?.url).toBe('/v1/images/generations');
    expect(sent?.body).toMatchObject({
      model: 'fake-image-model',
      prompt: 'A cup of coffee on a wooden table',
      n: 1,
      size: '1024x1536',
      response_format: 'b64_json',
    });
    const list = (await ada.get('/api/media')).json();
    expect(list.items.map((file: { id: string }) => file.id)).toContain(item.id);
    const file = await ada.get(`/api/media/${item.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const [usage] = await ctx.test.db
      .select()
      .from(aiGenerations)
      .where(and(eq(aiGenerations.workspaceId, ada.workspaceId), eq(aiGenerations.kind, 'image')));
    expect(usage?.status).toBe('done');
    expect(usage?.result).toEqual({ mediaId: item.id });
  });

  it('counts against the hourly AI limit', async () => {
    const bea = await signInAsNewUser(ctx.test, { name: 'Bea Limits' });
    for (let index = 0; index < 3; index += 1) {
      const ok = await bea.send('POST', '/api/ai/images', { prompt: `Picture ${index}` });
      expect(ok.statusCode, ok.body).toBe(201);
    }
    const refused = await bea.send('POST', '/api/ai/images', { prompt: 'One more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('AI_HOURLY_LIMIT');
  });

  it('words a provider error and an answer without an image, and stores nothing', async () => {
    const cy = await signInAsNewUser(ctx.test, { name: 'Cy Errors' });
    ctx.fake.setImageReply(() => ({ kind: 'error', status: 401 }));
    const badKey = await cy.send('POST', '/api/ai/images', { prompt: 'A lighthouse' });
    expect(badKey.statusCode).toBe(502);
    expect(badKey.json().code).toBe('AI_BAD_KEY');
    ctx.fake.setImageReply(() => ({ kind: 'image', b64: Buffer.from('not an image').toString('base64') }));
    const notImage = await cy.send('POST', '/api/ai/images', { prompt: 'A lighthouse' });
    expect(notImage.statusCode).toBe(502);
    expect(notImage.json().message).toBe(AI_IMAGE_MESSAGES.noImage);
    const stored = await ctx.test.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.workspaceId, cy.workspaceId));
    expect(stored).toEqual([]);
  });

  it('refuses an empty prompt and an unknown size with a clear message', async () => {
    const dee = await signInAsNewUser(ctx.test, { name: 'Dee Input' });
    const empty = await dee.send('POST', '/api/ai/images', { prompt: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(AI_IMAGE_MESSAGES.promptRequired);
    const size = await dee.send('POST', '/api/ai/images', { prompt: 'A dog', size: '10x10' });
    expect(size.statusCode).toBe(400);
    expect(ctx.fake.requests).toEqual([]);
  });

  it('reports the provider and model in the status', async () => {
    const eve = await signInAsNewUser(ctx.test, { name: 'Eve Status' });
    const status = (await eve.get('/api/ai/images/status')).json();
    expect(status).toEqual({
      isConfigured: true,
      provider: 'openai-compatible',
      model: 'fake-image-model',
      message: null,
    });
  });
});

describe('without an image model', () => {
  it('says how to configure one and sends nothing', async () => {
    const t = await createTestApp({
      config: {
        ai: {
          provider: 'openai-compatible',
          baseUrl: ctx.fake.baseUrl,
          model: 'fake-model',
          apiKey: undefined,
          timeoutMs: 5_000,
          hourlyLimit: 10,
        },
      },
    });
    try {
      const fay = await signInAsNewUser(t, { name: 'Fay Unset' });
      const status = (await fay.get('/api/ai/images/status')).json();
      expect(status.isConfigured).toBe(false);
      expect(status.message).toBe(AI_IMAGE_MESSAGES.notConfigured);
      const response = await fay.send('POST', '/api/ai/images', { prompt: 'A tree' });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(AI_IMAGE_MESSAGES.notConfigured);
      expect(ctx.fake.requests).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
