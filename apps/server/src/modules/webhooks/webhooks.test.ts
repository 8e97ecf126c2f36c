import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_MAX_ENDPOINTS, WEBHOOK_MESSAGES, WEBHOOK_RETRY_MINUTES } from '@relaycast/shared/webhooks';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { webhookDeliveries } from '../../db/schema/index';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { platformsConfig } from '../accounts/accounts.test-support';
import { connectMastodon, dueMastodonPost } from '../publishing/publishing.test-support';
import { finishSession, markSessionLive } from '../streaming/stream-sessions.service';
import { insertStartingSession } from '../streaming/stream-sessions.test-support';
import { sendDueWebhooks } from './webhooks-delivery';

/** Outgoing webhooks (docs/webhooks.md): signed per Standard Webhooks, retried, logged; events from publishing and streams. */

interface Received {
  path: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let fake: PlatformFake;
let user: SignedInUser;
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
let answerStatus = 200;
let answerBody: string | null = null;

beforeAll(async () => {
  fake = await startMastodonFake();
  t = await createTestApp({
    config: {
      platforms: platformsConfig({ mastodon: { baseUrl: fake.url } }),
      allowPrivateAddresses: true,
    },
    publishing: { runWorkers: false },
  });
  await t.app.ready();
  user = await signInAsNewUser(t);
  await connectMastodon(t, user, fake);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ path: request.url, headers: request.headers, body });
      response.statusCode = answerStatus;
      response.end(answerBody ?? (answerStatus === 200 ? 'ok' : 'receiver is down'));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks?source=relaycast`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await t?.close();
  await fake?.close();
});

beforeEach(async () => {
  received = [];
  answerStatus = 200;
  answerBody = null;
  // Each test starts with no endpoint (and so no delivery) of the shared workspace.
  for (const endpoint of (await user.send('GET', '/api/webhooks')).json().endpoints as { id: string }[]) {
    await user.send('DELETE', `/api/webhooks/${endpoint.id}`);
  }
});

async function addEndpoint(events: string[], url = receiverUrl) {
  const res = await user.send('POST', '/api/webhooks', { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: string }; secret: string };
}

async function publishOne(content: string) {
  const post = await dueMastodonPost(t, user, content);
  await t.app.publishing.engine.publishTarget(post.targets[0]!.id);
  return post;
}

function verified(secret: string, request: Received) {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as {
    type: string;
    data: Record<string, unknown>;
  };
}

describe('webhook endpoints', () => {
  it('sends a published post to its endpoint, signed so that a Standard Webhooks receiver verifies it', async () => {
    const { endpoint, secret } = await addEndpoint(['post.published', 'post.failed']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const post = await publishOne('Hooked');

    expect(await sendDueWebhooks({ db: t.db, config: t.config })).toBe(1);
    expect(received).toHaveLength(1);
    // The endpoint's whole address is used, path and query included.
    expect(received[0]!.path).toBe('/hooks?source=relaycast');
    const event = verified(secret, received[0]!);
    expect(event.type).toBe('post.published');
    expect(event.data).toMatchObject({
      postId: post.id,
      platform: 'mastodon',
      url: expect.stringContaining(fake.url),
    });
    // A tampered body fails verification.
    expect(() =>
      verified(secret, { ...received[0]!, body: received[0]!.body.replace(post.id, 'another-post') }),
    ).toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.from('other').toString('base64')}`).verify(
        received[0]!.body,
        received[0]!.headers as Record<string, string>,
      ),
    ).toThrow();

    const log = (await user.send('GET', `/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    expect(log).toEqual([
      expect.objectContaining({
        event: 'post.published',
        status: 'delivered',
        attempts: 1,
        lastStatusCode: 200,
      }),
    ]);
    expect(await sendDueWebhooks({ db: t.db, config: t.config })).toBe(0);
  });

  it('queues nothing for an event the endpoint did not choose', async () => {
    await addEndpoint(['post.failed']);
    await publishOne('Not for this endpoint');
    expect(await sendDueWebhooks({ db: t.db, config: t.config })).toBe(0);
    expect(received).toEqual([]);
  });

  it('retries a refused delivery after 1, 5, 30, 120 and 480 minutes with the same id, then marks it failed', async () => {
    const { endpoint } = await addEndpoint(['post.published']);
    answerStatus = 500;
    expect((await user.send('POST', `/api/webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
    let clock = Date.now();
    const now = () => new Date(clock);
    expect(await sendDueWebhooks({ db: t.db, config: t.config, now })).toBe(1);
    for (const minutes of WEBHOOK_RETRY_MINUTES) {
      clock += (minutes - 0.5) * 60_000;
      expect(await sendDueWebhooks({ db: t.db, config: t.config, now })).toBe(0);
      clock += 60_000;
      expect(await sendDueWebhooks({ db: t.db, config: t.config, now })).toBe(1);
    }
    expect(received).toHaveLength(WEBHOOK_RETRY_MINUTES.length + 1);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [delivery] = (await user.send('GET', `/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    expect(delivery).toMatchObject({
      event: 'webhook.test',
      status: 'failed',
      attempts: WEBHOOK_RETRY_MINUTES.length + 1,
      lastStatusCode: 500,
      lastError: 'receiver is down',
      nextAttemptAt: null,
    });
    clock += 24 * 60 * 60_000;
    expect(await sendDueWebhooks({ db: t.db, config: t.config, now })).toBe(0);
  });

  it('resends a failed or delivered delivery with the same id and payload; a pending one is left to its retries', async () => {
    const { endpoint, secret } = await addEndpoint(['post.published']);
    expect((await user.send('POST', `/api/webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
    const [queued] = (await user.send('GET', `/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    const resendUrl = `/api/webhooks/${endpoint.id}/deliveries/${queued.id}/resend`;
    const pending = await user.send('POST', resendUrl);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(WEBHOOK_MESSAGES.resendPending);

    expect(await sendDueWebhooks({ db: t.db, config: t.config })).toBe(1);
    expect((await user.send('POST', resendUrl)).statusCode).toBe(202);
    const [again] = (await user.send('GET', `/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    expect(again).toMatchObject({ id: queued.id, status: 'pending', attempts: 0, deliveredAt: null });
    expect(await sendDueWebhooks({ db: t.db, config: t.config })).toBe(1);
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(verified(secret, received[1]!).type).toBe('webhook.test');

    // Unknown ids and another workspace's delivery: 404, and nothing is queued.
    const missing = await user.send('POST', `/api/webhooks/${endpoint.id}/deliveries/msg_nope/resend`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(WEBHOOK_MESSAGES.deliveryNotFound);
    const eve = await signInAsNewUser(t, { name: 'Eve Resend' });
    const stolen = await eve.send('POST', resendUrl);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(WEBHOOK_MESSAGES.notFound);
    expect(await sendDueWebhooks({ db: t.db, config: t.config })).toBe(0);
  });

  it('keeps only the start of a huge error answer', async () => {
    const { endpoint } = await addEndpoint(['post.published']);
    answerStatus = 502;
    answerBody = `${'x'.repeat(1000)}${'y'.repeat(4_000_000)}`;
    await user.send('POST', `/api/webhooks/${endpoint.id}/test`);
    expect(await sendDueWebhooks({ db: t.db, config: t.config })).toBe(1);
    const [delivery] = (await user.send('GET', `/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 502,
      lastError: 'x'.repeat(300),
    });
  });

  it('sends stream.started once when a stream goes live, and stream.ended when it ends', async () => {
    const { secret } = await addEndpoint(['stream.started', 'stream.ended']);
    const id = await insertStartingSession(t.db, user);
    await markSessionLive(t.db, id);
    await markSessionLive(t.db, id);
    await finishSession(t.db, id, { status: 'ended', reason: null, destinations: [] });
    expect(await sendDueWebhooks({ db: t.db, config: t.config })).toBe(2);
    const events = received.map((request) => verified(secret, request));
    expect(events.map((event) => event.type).sort()).toEqual(['stream.ended', 'stream.started']);
    expect(events.find((e) => e.type === 'stream.ended')?.data).toMatchObject({
      sessionId: id,
      title: 'Launch day',
      status: 'ended',
    });
  });

  it('refuses bad addresses and events with clear messages, and more than the limit of endpoints', async () => {
    const noUrl = await user.send('POST', '/api/webhooks', { url: 'not a url', events: ['post.failed'] });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().message).toBe(WEBHOOK_MESSAGES.urlInvalid);
    const noEvents = await user.send('POST', '/api/webhooks', { url: receiverUrl, events: [] });
    expect(noEvents.json().message).toBe(WEBHOOK_MESSAGES.eventsRequired);
    const unknown = await user.send('POST', '/api/webhooks', {
      url: receiverUrl,
      events: ['post.deleted'],
    });
    expect(unknown.statusCode).toBe(400);

    for (let i = 0; i < WEBHOOK_MAX_ENDPOINTS; i++) await addEndpoint(['post.failed'], `${receiverUrl}/${i}`);
    const over = await user.send('POST', '/api/webhooks', { url: receiverUrl, events: ['post.failed'] });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(WEBHOOK_MESSAGES.tooMany);
  });

  it('another workspace cannot see, test or delete an endpoint, nor read its log', async () => {
    const { endpoint } = await addEndpoint(['post.failed']);
    const eve = await signInAsNewUser(t, { name: 'Eve' });
    expect((await eve.send('GET', '/api/webhooks')).json().endpoints).toEqual([]);
    for (const [method, url] of [
      ['POST', `/api/webhooks/${endpoint.id}/test`],
      ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
      ['DELETE', `/api/webhooks/${endpoint.id}`],
      ['PUT', `/api/webhooks/${endpoint.id}/paused`],
    ] as const) {
      const res = await eve.send(method, url, method === 'PUT' ? { paused: true } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: WEBHOOK_MESSAGES.notFound });
    }
    expect((await user.send('GET', '/api/webhooks')).json().endpoints).toHaveLength(1);
  });

  it('a paused endpoint is sent nothing; its events wait, attempts untouched, and go out when it is resumed', async () => {
    const { endpoint } = await addEndpoint(['post.published']);
    const paused = await user.send('PUT', `/api/webhooks/${endpoint.id}/paused`, { paused: true });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ id: endpoint.id, paused: true });
    expect((await user.send('GET', '/api/webhooks')).json().endpoints[0]).toMatchObject({ paused: true });

    await publishOne('Held while paused');
    expect(await sendDueWebhooks({ db: t.db, config: t.config })).toBe(0);
    expect(received).toEqual([]);
    const test = await user.send('POST', `/api/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(409);
    expect(test.json().message).toBe(WEBHOOK_MESSAGES.testWhilePaused);
    const waiting = (await user.send('GET', `/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    expect(waiting).toEqual([
      expect.objectContaining({ event: 'post.published', status: 'pending', attempts: 0 }),
    ]);

    const resumed = await user.send('PUT', `/api/webhooks/${endpoint.id}/paused`, { paused: false });
    expect(resumed.json()).toMatchObject({ paused: false });
    expect(await sendDueWebhooks({ db: t.db, config: t.config })).toBe(1);
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'post.published' });

    const bad = await user.send('PUT', `/api/webhooks/${endpoint.id}/paused`, { paused: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('deleting an endpoint drops its queued deliveries', async () => {
    const { endpoint } = await addEndpoint(['post.published']);
    await user.send('POST', `/api/webhooks/${endpoint.id}/test`);
    expect((await user.send('DELETE', `/api/webhooks/${endpoint.id}`)).statusCode).toBe(204);
    expect(
      await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)),
    ).toEqual([]);
    expect(await sendDueWebhooks({ db: t.db, config: t.config })).toBe(0);
  });
});

describe('webhook addresses on a server that keeps private addresses closed', () => {
  let strict: TestApp;
  let owner: SignedInUser;
  beforeAll(async () => {
    strict = await createTestApp();
    owner = await signInAsNewUser(strict);
  });
  afterAll(() => strict?.close());

  it('refuses http and addresses inside the network (SSRF)', async () => {
    const plain = await owner.send('POST', '/api/webhooks', {
      url: 'http://example.com/hook',
      events: ['post.failed'],
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe('The address must start with https://.');
    for (const url of [
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://10.0.0.7/',
    ]) {
      const inside = await owner.send('POST', '/api/webhooks', { url, events: ['post.failed'] });
      expect(inside.statusCode, url).toBe(400);
      expect(inside.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await owner.send('GET', '/api/webhooks')).json().endpoints).toEqual([]);
  });
});
