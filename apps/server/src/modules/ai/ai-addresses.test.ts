import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AI_MESSAGES } from '@relaycast/shared/ai';
import { ADDRESS_MESSAGES } from '@relaycast/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../../test/auth-requests';
import { aiGenerations, workspaceAiSettings, workspaces } from '../../db/schema/index';
import { type AiTestContext, startAiTest } from './ai.test-support';

/**
 * The AI base URL a workspace owner types in /settings is an address the server connects to: refused inside
 * the server's network (docs/decisions/0014-outbound-address-policy.md) unless ALLOW_PRIVATE_ADDRESSES. The server's own AI_BASE_URL (the
 * local fake here, on 127.0.0.1) stays trusted.
 */

let strict: AiTestContext;
let open: AiTestContext;
let articles: http.Server;
let articleUrl = '';

const ARTICLE = `<html><head><title>Local news</title></head><body><article><h1>Local news</h1>
<p>${'The river festival returns this weekend with boats, music and food stalls along the quay. '.repeat(4)}</p>
</article></body></html>`;

beforeAll(async () => {
  strict = await startAiTest();
  open = await startAiTest({}, { allowPrivateAddresses: true });
  articles = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(ARTICLE);
  });
  await new Promise<void>((resolve) => articles.listen(0, '127.0.0.1', resolve));
  articleUrl = `http://127.0.0.1:${(articles.address() as AddressInfo).port}/news`;
});
afterAll(async () => {
  for (const ctx of [strict, open]) {
    await ctx.test.close();
    await ctx.fake.close();
  }
  articles.closeAllConnections();
  await new Promise((resolve) => articles.close(resolve));
});

const saveBaseUrl = (ctx: AiTestContext, baseUrl: string) =>
  ctx.test.app.inject({
    method: 'PUT',
    url: '/api/ai/settings',
    headers: { cookie: ctx.cookie, origin: 'http://localhost:3000' },
    payload: { provider: 'openai-compatible', baseUrl, model: 'workspace-model' },
  });

describe('the workspace AI base URL', () => {
  it.each([
    ['cloud metadata', 'http://169.254.169.254/v1', '169.254.169.254'],
    ['a private network', 'http://10.0.0.1/v1', '10.0.0.1'],
    ['IPv6 loopback', 'http://[::1]:11434/v1', '::1'],
    ['loopback in decimal', 'http://2130706433:11434/v1', '127.0.0.1'],
  ])('refuses %s when saved, with the reason, and saves nothing', async (_label, baseUrl, address) => {
    const response = await saveBaseUrl(strict, baseUrl);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'PRIVATE_ADDRESS',
      message: ADDRESS_MESSAGES.privateAddress(address),
    });
    expect(await strict.test.db.select().from(workspaceAiSettings)).toEqual([]);
  });

  it('refuses localhost, whatever it resolves to', async () => {
    const response = await saveBaseUrl(strict, 'http://localhost:11434/v1');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/inside the server's network \((127\.0\.0\.1|::1)\)/);
    expect(await strict.test.db.select().from(workspaceAiSettings)).toEqual([]);
  });

  it('tells the settings page whether private addresses are allowed', async () => {
    const read = (ctx: AiTestContext) =>
      ctx.test.app.inject({ url: '/api/ai/settings', headers: { cookie: ctx.cookie } });
    expect((await read(strict)).json().privateAddressesAllowed).toBe(false);
    expect((await read(open)).json().privateAddressesAllowed).toBe(true);
  });

  it('is saved when the administrator allows private addresses', async () => {
    const response = await saveBaseUrl(open, 'http://10.0.0.1/v1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ baseUrl: 'http://10.0.0.1/v1', privateAddressesAllowed: true });
    await open.test.db.delete(workspaceAiSettings);
  });

  it('refuses a private base URL stored earlier at call time, before it is counted or contacted', async () => {
    const [workspace] = await strict.test.db.select({ id: workspaces.id }).from(workspaces);
    if (!workspace) throw new Error('no workspace');
    await strict.test.db.insert(workspaceAiSettings).values({
      workspaceId: workspace.id,
      provider: 'openai-compatible',
      baseUrl: strict.fake.baseUrl,
      model: 'workspace-model',
    });
    try {
      const response = await postJson(
        strict.test.app,
        '/api/ai/transform',
        { text: 'Hello there', action: 'shorten' },
        { cookie: strict.cookie },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'PRIVATE_ADDRESS',
        message: ADDRESS_MESSAGES.privateAddress('127.0.0.1'),
      });
      expect(strict.fake.requests).toHaveLength(0);
      expect(await strict.test.db.select().from(aiGenerations)).toEqual([]);
    } finally {
      await strict.test.db.delete(workspaceAiSettings);
    }
  });

  it('keeps trusting the administrator’s own AI_BASE_URL on a private address', async () => {
    strict.fake.setReply(() => ({ kind: 'json', text: 'Short.' }));
    const response = await postJson(
      strict.test.app,
      '/api/ai/transform',
      { text: 'Hello there', action: 'shorten' },
      { cookie: strict.cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(strict.fake.requests).toHaveLength(1);
    strict.fake.reset();
  });
});

describe('the article behind AI ideas', () => {
  it('follows the same setting: refused inside the network, read when private addresses are allowed', async () => {
    const refused = await postJson(
      strict.test.app,
      '/api/ai/ideas',
      { url: articleUrl },
      { cookie: strict.cookie },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(AI_MESSAGES.blockedUrl);

    open.fake.setReply(() => ({ kind: 'json', text: '1. Boats\n2. Music\n3. Food' }));
    const read = await postJson(open.test.app, '/api/ai/ideas', { url: articleUrl }, { cookie: open.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ title: 'Local news' });
    expect(read.json().ideas).toHaveLength(3);
  });
});
