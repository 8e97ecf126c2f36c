import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformRequest, retryAfterMs } from './http';
import { type FakeServer, startFakeServer } from './testing/server.fake';
import { PlatformError } from './types';

let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeServer();
  fake.route('GET', '/ok/:id', (request) => ({ body: { id: request.params.id, q: request.query.get('q') } }));
  fake.route('POST', '/posts', (request) => ({ status: 201, body: { created: request.body?.text } }));
});
afterAll(() => fake.close());

const ctx = { settings: { urls: {}, redirectUri: 'http://localhost/cb' } };

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error('expected a PlatformError');
}

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads Retry-After seconds and dates', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }), now)).toBe(7000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(30_000);
  });
  it('reads X epoch resets, Mastodon ISO resets and relative resets', () => {
    expect(retryAfterMs(new Headers({ 'x-rate-limit-reset': String(now / 1000 + 60) }), now)).toBe(60_000);
    expect(retryAfterMs(new Headers({ 'x-ratelimit-reset': '2026-01-01T00:05:00.000Z' }), now)).toBe(300_000);
    expect(retryAfterMs(new Headers({ 'ratelimit-reset': '12' }), now)).toBe(12_000);
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });
});

describe('platformRequest', () => {
  it('sends the bearer token, query and JSON body and parses the answer', async () => {
    const read = await platformRequest<{ id: string; q: string }>(ctx, {
      url: `${fake.url}/ok/42`,
      query: { q: 'x', skip: undefined },
      token: 'tok',
    });
    expect(read.body).toEqual({ id: '42', q: 'x' });
    const created = await platformRequest(ctx, { url: `${fake.url}/posts`, body: { json: { text: 'hi' } } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ created: 'hi' });
    expect(fake.received('GET', '/ok/42')[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('maps a 429 to retry with the reset time', async () => {
    fake.failNext(
      { path: '/posts' },
      { status: 429, headers: { 'retry-after': '3' }, body: { title: 'Too Many' } },
    );
    const err = await failure(
      platformRequest(ctx, { url: `${fake.url}/posts`, body: { json: {} }, sideEffect: true }),
    );
    expect(err.kind).toBe('retry');
    expect(err.details.retryAfterMs).toBe(3000);
  });

  it('maps 401 to reauthorize and other 4xx to refuse with the platform message', async () => {
    fake.failNext({ path: '/posts' }, { status: 401, body: { error: 'invalid_token' } });
    expect((await failure(platformRequest(ctx, { url: `${fake.url}/posts`, body: { json: {} } }))).kind).toBe(
      'reauthorize',
    );
    fake.failNext({ path: '/posts' }, { status: 400, body: { error: { message: 'Text is too long' } } });
    const refused = await failure(platformRequest(ctx, { url: `${fake.url}/posts`, body: { json: {} } }));
    expect(refused.kind).toBe('refuse');
    expect(refused.message).toBe('Text is too long');
  });

  it('treats a 500 or a dropped connection as unknown for side effects and retry for reads', async () => {
    fake.failNext({ path: '/posts' }, { status: 500 });
    expect(
      (
        await failure(
          platformRequest(ctx, { url: `${fake.url}/posts`, body: { json: {} }, sideEffect: true }),
        )
      ).kind,
    ).toBe('unknown');
    fake.failNext({ path: '/ok/1' }, { drop: true });
    expect((await failure(platformRequest(ctx, { url: `${fake.url}/ok/1` }))).kind).toBe('retry');
    fake.failNext({ path: '/posts' }, { drop: true });
    expect(
      (
        await failure(
          platformRequest(ctx, { url: `${fake.url}/posts`, body: { json: {} }, sideEffect: true }),
        )
      ).kind,
    ).toBe('unknown');
  });

  it('treats a refused connection as certainly not sent (retry) even for side effects', async () => {
    const closed = await startFakeServer();
    const url = closed.url;
    await closed.close();
    expect(
      (await failure(platformRequest(ctx, { url: `${url}/posts`, body: { json: {} }, sideEffect: true })))
        .kind,
    ).toBe('retry');
  });

  it('lets the connector reclassify an error', async () => {
    fake.failNext({ path: '/posts' }, { status: 400, body: { error: 'invalid_grant' } });
    const err = await failure(
      platformRequest(ctx, { url: `${fake.url}/posts`, body: { json: {} } }, (_status, body) =>
        (body as { error?: string })?.error === 'invalid_grant'
          ? { kind: 'reauthorize', message: 'Reconnect' }
          : undefined,
      ),
    );
    expect(err.kind).toBe('reauthorize');
    expect(err.message).toBe('Reconnect');
  });
});
