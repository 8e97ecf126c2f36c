import { AI_MESSAGES, type AiHistoryEntry } from '@relaycast/shared/ai';
import { PLATFORMS } from '@relaycast/shared/platforms';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jsonHeaders } from '../../../test/auth-requests';
import { type AiTestContext, parseEvents, startAiTest, waitFor } from './ai.test-support';

let ctx: AiTestContext;
let baseUrl = '';

beforeAll(async () => {
  ctx = await startAiTest();
  baseUrl = await ctx.test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx.test.close();
  await ctx.fake.close();
});
afterEach(() => ctx.fake.reset());

function generate(body: Record<string, unknown>, signal?: AbortSignal) {
  return fetch(`${baseUrl}/api/ai/generate`, {
    method: 'POST',
    headers: jsonHeaders(ctx.cookie),
    body: JSON.stringify(body),
    signal,
  });
}

async function history(): Promise<AiHistoryEntry[]> {
  const response = await ctx.test.app.inject({ url: '/api/ai/history', headers: { cookie: ctx.cookie } });
  return response.json().items;
}

describe('POST /api/ai/generate', () => {
  it('sends the platform rules, the prompt, the model and the temperature, one request per platform', async () => {
    const response = await generate({
      prompt: 'Announce our new oat latte',
      platforms: ['twitter', 'linkedin'],
      tone: 'witty',
      language: 'French',
      hashtags: false,
      emoji: true,
      callToAction: 'Visit us on Main Street',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = parseEvents(await response.text());
    expect(ctx.fake.requests).toHaveLength(2);
    const [x, linkedin] = ctx.fake.requests;
    for (const request of [x, linkedin]) {
      expect(request?.body.model).toBe('fake-model');
      expect(request?.body.stream).toBe(true);
      expect(request?.body.temperature).toBe(0.7);
      expect(request?.headers.authorization).toBe('Bearer sk-server-key-0000');
      const user = request?.body.messages.find((message) => message.role === 'user');
      expect(user?.content).toBe('Announce our new oat latte');
      const system = request?.body.messages.find((message) => message.role === 'system')?.content ?? '';
      expect(system).toContain('French');
      expect(system).toContain('witty');
      expect(system).toContain('Do not use hashtags.');
      expect(system).toContain('Use a few fitting emoji.');
      expect(system).toContain('Visit us on Main Street');
    }
    const xSystem = x?.body.messages.find((message) => message.role === 'system')?.content ?? '';
    expect(xSystem).toContain(`${PLATFORMS.twitter.name}`);
    expect(xSystem).toContain(`at most ${PLATFORMS.twitter.maxLength} characters`);
    expect(xSystem).toContain('every link as 23 characters');
    const linkedinSystem =
      linkedin?.body.messages.find((message) => message.role === 'system')?.content ?? '';
    expect(linkedinSystem).toContain(`at most ${PLATFORMS.linkedin.maxLength} characters`);

    const variants = events.flatMap((event) => (event.type === 'variant' ? [event.variant] : []));
    expect(variants.map((variant) => variant.platform)).toEqual(['twitter', 'linkedin']);
    expect(variants[0]).toMatchObject({
      text: 'Fresh coffee, fresh ideas. Come by today! #coffee',
      maxLength: 280,
      wasShortened: false,
      warning: null,
    });
    const deltas = events.filter((event) => event.type === 'delta' && event.platform === 'twitter');
    expect(deltas.length).toBeGreaterThan(3);
    const done = events.at(-1);
    expect(done?.type).toBe('done');

    const [latest] = await history();
    expect(latest).toMatchObject({ kind: 'generate', prompt: 'Announce our new oat latte', status: 'done' });
    expect(latest?.options).toMatchObject({ platforms: ['twitter', 'linkedin'], tone: 'witty' });
    expect(latest?.variants).toHaveLength(2);
  });

  it('streams tokens to the client as the provider writes them', async () => {
    ctx.fake.setReply(() => ({ kind: 'stream', tokens: ['One ', 'two ', 'three ', 'four'], delayMs: 150 }));
    const response = await generate({ prompt: 'Count', platforms: ['bluesky'] });
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('"type":"delta"')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('ended before the first token');
      received += decoder.decode(value, { stream: true });
    }
    // The first token reached us while the provider was still writing the rest.
    expect(ctx.fake.requests[0]?.finished).toBe(false);
    expect(received).toContain('"text":"One "');
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    expect(parseEvents(received).at(-1)?.type).toBe('done');
  });

  it('stops the provider request when the browser stops reading', async () => {
    ctx.fake.setReply(() => ({
      kind: 'stream',
      tokens: Array.from({ length: 50 }, (_, i) => `word${i} `),
      delayMs: 100,
    }));
    const controller = new AbortController();
    const response = await generate({ prompt: 'A long story', platforms: ['facebook'] }, controller.signal);
    const reader = response.body?.getReader();
    await reader?.read();
    await reader?.read();
    controller.abort();
    await waitFor(() => ctx.fake.requests[0]?.closedEarly === true);
    await waitFor(async () => (await history())[0]?.status === 'stopped');
  });

  it('shortens a variant over the limit with a second request, never by cutting it', async () => {
    const long = Array.from({ length: 70 }, (_, i) => `word${i}`).join(' ');
    ctx.fake.setReply((body) =>
      body.stream
        ? { kind: 'stream', tokens: [long] }
        : { kind: 'json', text: 'Oat latte is here. Come taste it today! #coffee' },
    );
    const events = parseEvents(
      await (await generate({ prompt: 'Oat latte', platforms: ['twitter'] })).text(),
    );
    expect(ctx.fake.requests).toHaveLength(2);
    const second = ctx.fake.requests[1];
    expect(second?.body.stream).toBeFalsy();
    expect(second?.body.temperature).toBe(0.3);
    expect(second?.body.messages.find((m) => m.role === 'system')?.content).toContain(
      'at most 252 characters',
    );
    expect(second?.body.messages.find((m) => m.role === 'user')?.content).toBe(long);
    expect(events.some((event) => event.type === 'shortening')).toBe(true);
    const variant = events.find((event) => event.type === 'variant');
    expect(variant?.type === 'variant' && variant.variant).toMatchObject({
      text: 'Oat latte is here. Come taste it today! #coffee',
      wasShortened: true,
      warning: null,
    });
  });

  it('says so when the shortened text is still too long', async () => {
    const long = Array.from({ length: 70 }, (_, i) => `word${i}`).join(' ');
    ctx.fake.setReply((body) =>
      body.stream ? { kind: 'stream', tokens: [long] } : { kind: 'json', text: long },
    );
    const events = parseEvents(
      await (await generate({ prompt: 'Oat latte', platforms: ['twitter'] })).text(),
    );
    const variant = events.find((event) => event.type === 'variant');
    if (variant?.type !== 'variant') throw new Error('no variant');
    expect(variant.variant.text).toBe(long);
    expect(variant.variant.warning).toBe(AI_MESSAGES.stillTooLong('X (Twitter)', long.length, 280));
  });

  it.each([
    [401, AI_MESSAGES.badKey],
    [429, AI_MESSAGES.quota],
    [500, AI_MESSAGES.providerFailed],
  ])('turns a provider %i into a clear message', async (status, message) => {
    ctx.fake.setReply(() => ({ kind: 'error', status }));
    const response = await generate({ prompt: 'Hello', platforms: ['twitter'] });
    const events = parseEvents(await response.text());
    expect(events.at(-1)).toMatchObject({ type: 'error', message });
    expect(ctx.fake.requests).toHaveLength(1);
    expect((await history())[0]).toMatchObject({ status: 'failed' });
  });

  it('refuses bad input before calling the provider', async () => {
    const empty = await generate({ prompt: '   ', platforms: ['twitter'] });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe(AI_MESSAGES.promptRequired);
    const noPlatform = await generate({ prompt: 'Hi', platforms: [] });
    expect(((await noPlatform.json()) as { message: string }).message).toBe(AI_MESSAGES.platformRequired);
    const unknown = await generate({ prompt: 'Hi', platforms: ['myspace'] });
    expect(((await unknown.json()) as { message: string }).message).toBe(
      AI_MESSAGES.unknownPlatform('myspace'),
    );
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const response = await fetch(`${baseUrl}/api/ai/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Hi', platforms: ['twitter'] }),
    });
    expect(response.status).toBe(401);
  });
});
