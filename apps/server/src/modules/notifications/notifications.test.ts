import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { NOTIFICATION_MESSAGES, type NotificationList } from '@relaycast/shared/notifications';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  emailOutbox,
  notifications,
  plannedStreams,
  pushSubscriptions,
  socialAccounts,
} from '../../db/schema/index';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { platformsConfig } from '../accounts/accounts.test-support';
import { sendReconnectNotices } from '../accounts/accounts-sweep';
import { sendDueReminders } from '../planned-streams/planned-streams-reminders';
import { connectMastodon, createPost } from '../publishing/publishing.test-support';
import { finishSession, markSessionLive } from '../streaming/stream-sessions.service';
import { insertStartingSession } from '../streaming/stream-sessions.test-support';
import { deliverPendingNotifications, notify } from './notifications.service';
import { VAPID_KEYS_FILE } from './notifications-vapid';
import { previousWeekOf, sendWeeklySummaries } from './notifications-weekly';

/** Notifications (docs/notifications.md): in-app rows, e-mail and Web Push per the user's toggles, from real events. */

interface PushRequest {
  path: string | undefined;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let t: TestApp;
let fake: PlatformFake;
let pushServer: Server;
let pushBase: string;
let pushes: PushRequest[] = [];
let pushStatus = 201;

beforeAll(async () => {
  fake = await startMastodonFake();
  t = await createTestApp({
    // Push endpoints and the fake platform are on 127.0.0.1 (plain http is allowed with private addresses).
    config: { platforms: platformsConfig({ mastodon: { baseUrl: fake.url } }), allowPrivateAddresses: true },
    publishing: { runWorkers: false },
  });
  await t.app.ready();
  // A local fake push service: records each request and answers with `pushStatus`.
  pushServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      pushes.push({ path: request.url, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = pushStatus;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', resolve));
  pushBase = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => pushServer?.close(resolve));
  await t?.close();
  await fake?.close();
});

beforeEach(() => {
  pushes = [];
  pushStatus = 201;
});

/** A subscription as a browser makes it: a real P-256 public key and a 16-byte auth secret. */
function browserSubscription(name = randomUUID()) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${pushBase}/push/${name}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

async function subscribe(user: SignedInUser) {
  const subscription = browserSubscription();
  const res = await user.send('POST', '/api/notifications/push-subscriptions', subscription);
  expect(res.statusCode, res.body).toBe(204);
  return subscription;
}

async function listOf(user: SignedInUser): Promise<NotificationList> {
  const res = await user.send('GET', '/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function setToggles(user: SignedInUser, toggles: Record<string, boolean>) {
  const current = (await user.send('GET', '/api/settings')).json();
  const res = await user.send('PUT', '/api/settings', {
    ...current,
    notifications: { ...current.notifications, ...toggles },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const mailsTo = (user: SignedInUser) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));

async function failOnePost(user: SignedInUser, content: string) {
  const post = await createPost(t, user, { content, platforms: ['mastodon'], action: 'now' });
  fake.server.failNext(
    { method: 'POST', path: '/api/v1/statuses' },
    { status: 422, body: { error: 'Validation failed: Text contains a forbidden word' } },
  );
  await t.app.publishing.engine.publishTarget(post.targets[0]!.id);
  return post;
}

describe('a failed post', () => {
  it('creates exactly one notification; the delivery loop e-mails and pushes it once', async () => {
    const user = await signInAsNewUser(t);
    await connectMastodon(t, user, fake);
    const subscription = await subscribe(user);
    await failOnePost(user, 'Forbidden word inside');

    const list = await listOf(user);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      kind: 'post_failed',
      title: NOTIFICATION_MESSAGES.postFailedTitle('Mastodon'),
      body: 'Validation failed: Text contains a forbidden word',
      link: '/calendar',
      readAt: null,
    });

    expect(await deliverPendingNotifications(t.db, t.app.notifyDeps)).toBeGreaterThanOrEqual(1);
    expect(await deliverPendingNotifications(t.db, t.app.notifyDeps)).toBe(0);
    const mails = await mailsTo(user);
    expect(mails.map((mail) => mail.subject)).toEqual([NOTIFICATION_MESSAGES.postFailedTitle('Mastodon')]);
    expect(mails[0]!.textBody).toContain(`${t.config.publicUrl}/calendar`);
    // One push, encrypted (aes128gcm) and signed with this server's VAPID key.
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.path).toBe(new URL(subscription.endpoint).pathname);
    expect(pushes[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(pushes[0]!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w.-]+, k=${t.app.notifyDeps.push.publicKey}$`),
    );
    expect(pushes[0]!.body.length).toBeGreaterThan(0);
  });

  it('keeps the notification in-app only when e-mail and push are off', async () => {
    const user = await signInAsNewUser(t);
    await connectMastodon(t, user, fake);
    await subscribe(user);
    await setToggles(user, { emailNotifications: false, pushNotifications: false });
    await failOnePost(user, 'Quietly refused');
    await deliverPendingNotifications(t.db, t.app.notifyDeps);
    expect((await listOf(user)).notifications.map((n) => n.kind)).toEqual(['post_failed']);
    expect(await mailsTo(user)).toEqual([]);
    expect(pushes).toEqual([]);
  });
});

describe('notify', () => {
  it('follows the stream toggle for stream kinds only', async () => {
    const user = await signInAsNewUser(t);
    await subscribe(user);
    await setToggles(user, { streamNotifications: false });
    const base = { userId: user.userId, workspaceId: user.workspaceId, body: 'Body' };
    await notify(t.db, t.app.notifyDeps, {
      ...base,
      kind: 'stream_live',
      title: 'Stream',
      link: '/stream-analytics',
    });
    expect(await mailsTo(user)).toEqual([]);
    expect(pushes).toEqual([]);
    await notify(t.db, t.app.notifyDeps, {
      ...base,
      kind: 'weekly_summary',
      title: 'Week',
      link: '/analytics',
    });
    expect((await mailsTo(user)).map((mail) => mail.subject)).toEqual(['Week']);
    expect(pushes).toHaveLength(1);
    expect((await listOf(user)).unreadCount).toBe(2);
  });

  it('keeps only in-app paths as links', async () => {
    const user = await signInAsNewUser(t);
    const made = await notify(t.db, t.app.notifyDeps, {
      userId: user.userId,
      workspaceId: user.workspaceId,
      kind: 'weekly_summary',
      title: 'Elsewhere',
      link: '//evil.example/phish',
    });
    expect(made?.link).toBeNull();
  });
});

describe('reading and marking', () => {
  it("marks the caller's own notifications read, and another user's ids change nothing", async () => {
    const owner = await signInAsNewUser(t);
    const other = await signInAsNewUser(t, { name: 'Eve Other' });
    const base = { userId: owner.userId, workspaceId: owner.workspaceId, kind: 'weekly_summary' as const };
    const first = await notify(t.db, t.app.notifyDeps, { ...base, title: 'First' });
    await notify(t.db, t.app.notifyDeps, { ...base, title: 'Second' });

    expect((await listOf(other)).notifications).toEqual([]);
    const foreign = await other.send('POST', '/api/notifications/read', { ids: [first!.id] });
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json()).toEqual({ updated: 0 });
    const allOfOther = await other.send('POST', '/api/notifications/read', { all: true });
    expect(allOfOther.json()).toEqual({ updated: 0 });
    expect((await listOf(owner)).unreadCount).toBe(2);

    const one = await owner.send('POST', '/api/notifications/read', { ids: [first!.id] });
    expect(one.json()).toEqual({ updated: 1 });
    const after = await listOf(owner);
    expect(after.unreadCount).toBe(1);
    expect(after.notifications.find((n) => n.id === first!.id)?.readAt).not.toBeNull();
    expect((await owner.send('POST', '/api/notifications/read', { all: true })).json()).toEqual({
      updated: 1,
    });
    expect((await listOf(owner)).unreadCount).toBe(0);
  });

  it('answers bad input with 400 and a clear message, and no session with 401', async () => {
    const user = await signInAsNewUser(t);
    for (const body of [{}, { all: false }, { ids: [] }, { ids: 'x' }, { all: true, ids: ['a'] }]) {
      const res = await user.send('POST', '/api/notifications/read', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(NOTIFICATION_MESSAGES.idsInvalid);
    }
    const badSubscription = await user.send('POST', '/api/notifications/push-subscriptions', {
      endpoint: 'not a url',
      keys: { p256dh: 'x', auth: 'y' },
    });
    expect(badSubscription.statusCode).toBe(400);
    expect(JSON.stringify(badSubscription.json())).toContain(NOTIFICATION_MESSAGES.subscriptionInvalid);
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read'],
      ['GET', '/api/notifications/push-key'],
      ['POST', '/api/notifications/push-subscriptions'],
      ['DELETE', '/api/notifications/push-subscriptions'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('push subscriptions', () => {
  it('gives the VAPID public key kept in the data folder', async () => {
    const user = await signInAsNewUser(t);
    const res = await user.send('GET', '/api/notifications/push-key');
    expect(res.statusCode).toBe(200);
    const file = path.join(t.config.dataDir, VAPID_KEYS_FILE);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(res.json()).toEqual({ publicKey: stored.publicKey });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('removes a subscription the push service answers 410 for', async () => {
    const user = await signInAsNewUser(t);
    const subscription = await subscribe(user);
    pushStatus = 410;
    await notify(t.db, t.app.notifyDeps, {
      userId: user.userId,
      workspaceId: user.workspaceId,
      kind: 'weekly_summary',
      title: 'Gone',
    });
    expect(pushes).toHaveLength(1);
    const left = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(left).toEqual([]);
  });

  it("leaves another user's subscription alone, and deletes only the caller's own", async () => {
    const owner = await signInAsNewUser(t);
    const other = await signInAsNewUser(t, { name: 'Eve Other' });
    const subscription = await subscribe(owner);
    const hijack = await other.send('POST', '/api/notifications/push-subscriptions', subscription);
    expect(hijack.statusCode).toBe(204);
    const removed = await other.send('DELETE', '/api/notifications/push-subscriptions', {
      endpoint: subscription.endpoint,
    });
    expect(removed.statusCode).toBe(204);
    const [row] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(row?.userId).toBe(owner.userId);
    await owner.send('DELETE', '/api/notifications/push-subscriptions', {
      endpoint: subscription.endpoint,
    });
    expect(
      await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, subscription.endpoint)),
    ).toEqual([]);
  });

  it('refuses plain http and private addresses when private addresses are not allowed', async () => {
    const strict = await createTestApp();
    try {
      await strict.app.ready();
      const user = await signInAsNewUser(strict);
      for (const endpoint of [
        'http://push.example.com/abc',
        'https://127.0.0.1/push',
        'https://10.0.0.1/push',
      ]) {
        const res = await user.send('POST', '/api/notifications/push-subscriptions', {
          ...browserSubscription(),
          endpoint,
        });
        expect(res.statusCode, endpoint).toBe(400);
      }
      const http = await user.send('POST', '/api/notifications/push-subscriptions', {
        ...browserSubscription(),
        endpoint: 'http://push.example.com/abc',
      });
      expect(JSON.stringify(http.json())).toContain(NOTIFICATION_MESSAGES.pushEndpointRefused);
    } finally {
      await strict.close();
    }
  });
});

describe('events', () => {
  it('notifies a stream going live once, and a failed stream', async () => {
    const user = await signInAsNewUser(t);
    const id = await insertStartingSession(t.db, user);
    await markSessionLive(t.db, id);
    await markSessionLive(t.db, id);
    await finishSession(t.db, id, { status: 'failed', reason: 'The encoder stopped.', destinations: [] });
    const list = await listOf(user);
    expect(list.notifications.map((n) => [n.kind, n.title, n.body]).sort()).toEqual([
      ['stream_failed', NOTIFICATION_MESSAGES.streamFailedTitle, 'The encoder stopped.'],
      ['stream_live', NOTIFICATION_MESSAGES.streamLiveTitle, 'Launch day'],
    ]);
  });

  it('adds the in-app notice to the reconnect e-mail, without a second e-mail', async () => {
    const user = await signInAsNewUser(t);
    const accountId = await connectMastodon(t, user, fake);
    await subscribe(user);
    await t.db
      .update(socialAccounts)
      .set({ status: 'needs_reconnect', lastError: 'Token revoked' })
      .where(eq(socialAccounts.id, accountId));
    await sendReconnectNotices(t.db, t.app.notifyDeps.mailer, t.config, t.app.notifyDeps);
    const [notice] = (await listOf(user)).notifications;
    expect(notice).toMatchObject({ kind: 'account_reconnect', link: '/connected-accounts' });
    expect(await mailsTo(user)).toHaveLength(1);
    expect(pushes).toHaveLength(1);
  });

  it('adds the in-app notice and the push to a due stream reminder, with the reminder e-mail only', async () => {
    const user = await signInAsNewUser(t);
    await subscribe(user);
    const id = randomUUID();
    const now = new Date();
    await t.db.insert(plannedStreams).values({
      id,
      workspaceId: user.workspaceId,
      userId: user.userId,
      title: 'Friday Q&A',
      scheduledAt: new Date(now.getTime() - 60_000),
      timezone: 'UTC',
    });
    const context = {
      db: t.db,
      mailer: t.app.notifyDeps.mailer,
      publicUrl: t.config.publicUrl,
      log: t.app.log,
    };
    await sendDueReminders({ ...context, notifyDeps: t.app.notifyDeps }, now);
    const [notice] = (await listOf(user)).notifications;
    expect(notice).toMatchObject({
      kind: 'stream_due',
      title: NOTIFICATION_MESSAGES.streamDueTitle('Friday Q&A'),
      link: `/streaming?plan=${id}`,
    });
    expect(await mailsTo(user)).toHaveLength(1);
    expect(pushes).toHaveLength(1);
  });

  it('sends the weekly summary once per week and user', async () => {
    const user = await signInAsNewUser(t);
    await connectMastodon(t, user, fake);
    await failOnePost(user, 'A weekly failure');
    // A week later, the week that held the failure is "last week".
    const nextWeek = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
    expect(await sendWeeklySummaries(t.db, t.app.notifyDeps, nextWeek)).toBeGreaterThanOrEqual(1);
    await sendWeeklySummaries(t.db, t.app.notifyDeps, nextWeek);
    const summaries = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.userId), eq(notifications.kind, 'weekly_summary')));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.body).toBe(NOTIFICATION_MESSAGES.weeklySummaryBody(0, 1));
  });

  it('counts weeks from Monday 00:00 UTC', () => {
    expect(previousWeekOf(new Date('2026-11-25T13:00:00Z'))).toEqual({
      from: new Date('2026-11-16T00:00:00Z'),
      to: new Date('2026-11-23T00:00:00Z'),
    });
    expect(previousWeekOf(new Date('2026-11-23T00:00:00Z')).to).toEqual(new Date('2026-11-23T00:00:00Z'));
    expect(previousWeekOf(new Date('2026-11-22T23:59:59Z')).to).toEqual(new Date('2026-11-16T00:00:00Z'));
  });
});
