import { AI_MESSAGES, AI_SETUP } from '@relaycast/shared/ai';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAiProvider } from '../../../../../scripts/ai-provider.fake.mjs';
import { postJson, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp } from '../../../test/test-app';
import { workspaceAiSettings, workspaceMembers } from '../../db/schema/index';
import { decryptSecret } from '../../lib/secrets';
import { ideasFromArticle } from './ai.service';
import { type AiTestContext, startAiTest, waitFor } from './ai.test-support';
import { readArticle } from './ai-article';
import { createLanguageModel } from './ai-provider';
import { startGeneration } from './ai-usage';

let ctx: AiTestContext;

beforeAll(async () => {
  ctx = await startAiTest({ timeoutMs: 1_000, hourlyLimit: 1_000 });
});
afterAll(async () => {
  await ctx.test.close();
  await ctx.fake.close();
});
afterEach(() => ctx.fake.reset());

const post = (url: string, body: unknown, cookie = ctx.cookie) =>
  postJson(ctx.test.app, url, body, { cookie });

describe('POST /api/ai/transform', () => {
  it('edits the selected text with the chosen action', async () => {
    ctx.fake.setReply(() => ({ kind: 'json', text: 'Hola a todos' }));
    const response = await post('/api/ai/transform', {
      text: 'Hello everyone',
      action: 'translate',
      language: 'Spanish',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().text).toBe('Hola a todos');
    const sent = ctx.fake.requests[0]?.body;
    expect(sent?.messages.find((m) => m.role === 'system')?.content).toContain(
      'Translate this text into Spanish',
    );
    expect(sent?.messages.find((m) => m.role === 'user')?.content).toBe('Hello everyone');
    expect(sent?.temperature).toBe(0.5);
  });

  it('asks for a language to translate to and a tone to change to', async () => {
    const noLanguage = await post('/api/ai/transform', { text: 'Hello', action: 'translate' });
    expect(noLanguage.statusCode).toBe(400);
    expect(noLanguage.json().message).toBe(AI_MESSAGES.languageRequired);
    const noTone = await post('/api/ai/transform', { text: 'Hello', action: 'change-tone' });
    expect(noTone.json().message).toBe(AI_MESSAGES.toneRequired);
    const noText = await post('/api/ai/transform', { text: ' ', action: 'shorten' });
    expect(noText.json().message).toBe(AI_MESSAGES.textRequired);
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it.each([
    [401, 502, AI_MESSAGES.badKey],
    [429, 503, AI_MESSAGES.quota],
    [500, 502, AI_MESSAGES.providerFailed],
  ])('answers a provider %i with %i and a clear message', async (providerStatus, status, message) => {
    ctx.fake.setReply(() => ({ kind: 'error', status: providerStatus }));
    const response = await post('/api/ai/transform', { text: 'Hello', action: 'rephrase' });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
  });

  it('gives up on a stuck provider at the deadline and hangs up on it', async () => {
    ctx.fake.setReply(() => ({ kind: 'hang' }));
    const started = Date.now();
    const response = await post('/api/ai/transform', { text: 'Hello', action: 'expand' });
    expect(response.statusCode).toBe(504);
    expect(response.json().message).toBe(AI_MESSAGES.timeout);
    expect(Date.now() - started).toBeLessThan(3_000);
    await waitFor(() => ctx.fake.requests[0]?.closedEarly === true);
  });
});

describe('POST /api/ai/hashtags', () => {
  it('returns the hashtags of the answer, without duplicates', async () => {
    ctx.fake.setReply(() => ({ kind: 'json', text: '#coffee #OatLatte\n#coffee #café' }));
    const response = await post('/api/ai/hashtags', { text: 'Our oat latte is back', platform: 'instagram' });
    expect(response.json().hashtags).toEqual(['#coffee', '#OatLatte', '#café']);
    expect(ctx.fake.requests[0]?.body.messages[0]?.content).toContain('on Instagram');
  });
});

describe('POST /api/ai/ideas', () => {
  it('refuses loopback, private and link-local addresses before fetching', async () => {
    for (const url of [
      'http://127.0.0.1:9/',
      'http://10.0.0.8/a',
      'http://169.254.169.254/',
      'http://[::1]/',
    ]) {
      const response = await post('/api/ai/ideas', { url });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(AI_MESSAGES.blockedUrl);
    }
    const invalid = await post('/api/ai/ideas', { url: 'file:///etc/passwd' });
    expect(invalid.json().message).toBe(AI_MESSAGES.invalidUrl);
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it('reads the article and returns three ideas citing it', async () => {
    const html = `<html><head><title>Why oat milk won</title></head><body><nav>Menu</nav><article><h1>Why oat
      milk won</h1><p>${'Oat milk foams well and tastes neutral, which baristas love. '.repeat(10)}</p>
      <p>${'Sales grew every year since 2018. '.repeat(8)}</p></article></body></html>`;
    const url = 'https://news.example/oat';
    const article = await readArticle(url, async () => ({
      url,
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: Buffer.from(html),
    }));
    expect(article.title).toBe('Why oat milk won');
    expect(article.text).toContain('Oat milk foams well');
    expect(article.text).not.toContain('Menu');

    ctx.fake.setReply(() => ({
      kind: 'json',
      text: `1. Ask followers if they switched to oat (${url})\n2. Share the sales figure\n3. A barista tip on foam`,
    }));
    const ideas = await ideasFromArticle(
      {
        model: await createLanguageModel({
          provider: 'openai-compatible',
          baseUrl: ctx.fake.baseUrl,
          model: 'm',
          apiKey: undefined,
        }),
        signal: AbortSignal.timeout(2_000),
      },
      article,
    );
    expect(ideas).toHaveLength(3);
    for (const idea of ideas) expect(idea).toContain(url);
    const sent = ctx.fake.requests[0]?.body.messages ?? [];
    expect(sent[0]?.content).toContain(url);
    expect(sent[1]?.content).toContain('Sales grew every year');
  });
});

describe('hourly limit, status and history', () => {
  it('refuses requests past the hourly limit with a clear message and Retry-After', async () => {
    const limited = await startAiTest({ hourlyLimit: 2 });
    try {
      for (let i = 0; i < 2; i += 1) {
        const ok = await postJson(
          limited.test.app,
          '/api/ai/hashtags',
          { text: 'Hello' },
          { cookie: limited.cookie },
        );
        expect(ok.statusCode).toBe(200);
      }
      const refused = await postJson(
        limited.test.app,
        '/api/ai/hashtags',
        { text: 'Hello' },
        { cookie: limited.cookie },
      );
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(AI_MESSAGES.hourlyLimit(2, 60));
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_500);
      expect(limited.fake.requests).toHaveLength(2);
      const status = await limited.test.app.inject({
        url: '/api/ai/status',
        headers: { cookie: limited.cookie },
      });
      expect(status.json()).toMatchObject({ isConfigured: true, hourlyLimit: 2, usedThisHour: 2 });
      // Another workspace has its own count.
      const { cookie: other } = await signInAsNewUser(limited.test);
      const ok = await postJson(limited.test.app, '/api/ai/hashtags', { text: 'Hello' }, { cookie: other });
      expect(ok.statusCode).toBe(200);
      const otherHistory = await limited.test.app.inject({
        url: '/api/ai/history',
        headers: { cookie: other },
      });
      expect(otherHistory.json().items).toHaveLength(1);
    } finally {
      await limited.test.close();
      await limited.fake.close();
    }
  });

  it('lets no parallel request slip past the hourly limit', async () => {
    const limited = await startAiTest({ hourlyLimit: 3 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          postJson(limited.test.app, '/api/ai/hashtags', { text: 'Hello' }, { cookie: limited.cookie }),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
      expect(limited.fake.requests).toHaveLength(3);
      // The count itself, called 40 at a time with nothing between the calls: exactly the limit is recorded.
      const workspace = (
        await limited.test.app.inject({ url: '/api/workspaces/current', headers: { cookie: limited.cookie } })
      ).json() as { id: string };
      const me = (
        await limited.test.app.inject({ url: '/api/me', headers: { cookie: limited.cookie } })
      ).json() as {
        id: string;
      };
      const outcomes = await Promise.allSettled(
        Array.from({ length: 40 }, () =>
          startGeneration(limited.test.db, 13, {
            workspaceId: workspace.id,
            userId: me.id,
            kind: 'hashtags',
            prompt: 'Hello',
            options: {},
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
      const status = await limited.test.app.inject({
        url: '/api/ai/status',
        headers: { cookie: limited.cookie },
      });
      expect(status.json()).toMatchObject({ usedThisHour: 13 });
    } finally {
      await limited.test.close();
      await limited.fake.close();
    }
  });

  it('explains how to set a provider up when none is configured', async () => {
    const test = await createTestApp();
    try {
      const { cookie } = await signInAsNewUser(test);
      const status = await test.app.inject({ url: '/api/ai/status', headers: { cookie } });
      expect(status.json()).toMatchObject({
        isConfigured: false,
        instructions: {
          message: AI_MESSAGES.notConfigured,
          variables: ['AI_PROVIDER', 'AI_BASE_URL', 'AI_MODEL', 'AI_API_KEY'],
          ollamaExample: AI_SETUP.ollamaExample,
        },
      });
      expect(AI_SETUP.ollamaExample).toBe(
        'AI_PROVIDER=openai-compatible AI_BASE_URL=http://localhost:11434/v1 AI_MODEL=llama3.1',
      );
      const refused = await postJson(
        test.app,
        '/api/ai/transform',
        { text: 'Hi', action: 'shorten' },
        { cookie },
      );
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(AI_MESSAGES.notConfigured);
    } finally {
      await test.close();
    }
  });

  it('says the provider is unreachable when nothing listens at its address', async () => {
    const closed = await startFakeAiProvider();
    await closed.close();
    const test = await startAiTest({ baseUrl: closed.baseUrl });
    try {
      const response = await postJson(
        test.test.app,
        '/api/ai/transform',
        { text: 'Hi', action: 'shorten' },
        {
          cookie: test.cookie,
        },
      );
      expect(response.json().message).toBe(AI_MESSAGES.unreachable);
    } finally {
      await test.test.close();
      await test.fake.close();
    }
  });
});

describe('AI settings', () => {
  it('stores the workspace key encrypted, shows only its last four, and uses the override', async () => {
    // The workspace's base URL is the local fake: a private address, so this server allows them.
    const own = await startAiTest({ timeoutMs: 1_000 }, { allowPrivateAddresses: true });
    try {
      const saved = await own.test.app.inject({
        method: 'PUT',
        url: '/api/ai/settings',
        headers: { cookie: own.cookie, origin: 'http://localhost:3000' },
        payload: {
          provider: 'openai-compatible',
          baseUrl: own.fake.baseUrl,
          model: 'workspace-model',
          apiKey: 'sk-ws-secret-9876',
        },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ model: 'workspace-model', apiKeyLastFour: '9876', canEdit: true });
      expect(saved.body).not.toContain('sk-ws-secret');
      const [row] = await own.test.db.select().from(workspaceAiSettings);
      expect(row?.apiKeyEncrypted).not.toContain('sk-ws');
      expect(decryptSecret(row?.apiKeyEncrypted ?? '', own.test.config.appSecret)).toBe('sk-ws-secret-9876');

      own.fake.setReply(() => ({ kind: 'json', text: 'Short.' }));
      await postJson(
        own.test.app,
        '/api/ai/transform',
        { text: 'Hello there', action: 'shorten' },
        { cookie: own.cookie },
      );
      expect(own.fake.requests[0]?.body.model).toBe('workspace-model');
      expect(own.fake.requests[0]?.headers.authorization).toBe('Bearer sk-ws-secret-9876');

      // Saving without a key keeps the stored one.
      const kept = await own.test.app.inject({
        method: 'PUT',
        url: '/api/ai/settings',
        headers: { cookie: own.cookie, origin: 'http://localhost:3000' },
        payload: { provider: null, baseUrl: '', model: '' },
      });
      expect(kept.json()).toMatchObject({ provider: null, model: null, apiKeyLastFour: '9876' });

      const badUrl = await own.test.app.inject({
        method: 'PUT',
        url: '/api/ai/settings',
        headers: { cookie: own.cookie, origin: 'http://localhost:3000' },
        payload: { provider: 'openai-compatible', baseUrl: 'ftp://x', model: 'm' },
      });
      expect(badUrl.statusCode).toBe(400);
      expect(badUrl.json().message).toBe(AI_MESSAGES.invalidBaseUrl);
    } finally {
      await own.test.close();
      await own.fake.close();
    }
  });

  it('lets only owners and admins change them', async () => {
    await ctx.test.db.update(workspaceMembers).set({ role: 'member' });
    const refused = await ctx.test.app.inject({
      method: 'PUT',
      url: '/api/ai/settings',
      headers: { cookie: ctx.cookie, origin: 'http://localhost:3000' },
      payload: { provider: 'openai', baseUrl: '', model: 'x', apiKey: 'sk-new' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: AI_MESSAGES.adminOnly });
    const read = await ctx.test.app.inject({ url: '/api/ai/settings', headers: { cookie: ctx.cookie } });
    expect(read.json().canEdit).toBe(false);
    await ctx.test.db
      .update(workspaceMembers)
      .set({ role: 'owner' })
      .where(eq(workspaceMembers.role, 'member'));
  });
});
