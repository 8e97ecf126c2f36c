import { PLAN_MESSAGES } from '@relaycast/shared/plans';
import type { WorkspaceUsage } from '@relaycast/shared/usage';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { aiGenerations, mediaFiles, workspaces } from '../../db/schema/index';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { platformsConfig } from '../accounts/accounts.test-support';
import { resumeTargetsHeldForPlan } from '../publishing/publishing.service';
import {
  connectMastodon,
  createPost,
  getPost,
  inAnHour,
  makeDue,
} from '../publishing/publishing.test-support';

/**
 * Plans (docs/plans-and-billing.md): the usage route's real figures, and the end of a managed trial (the clock moved past
 * trialEndsAt): scheduling refused with the reason, drafts still saved, due targets held (not failed) and
 * published once a plan is chosen. On PGlite and PostgreSQL.
 */

let t: TestApp;
let fake: PlatformFake;
let user: SignedInUser;

beforeAll(async () => {
  fake = await startMastodonFake();
  t = await createTestApp({
    config: { platforms: platformsConfig({ mastodon: { baseUrl: fake.url } }), allowPrivateAddresses: true },
    publishing: {
      runWorkers: false,
      engine: { retryBaseMs: 1_000, attemptTimeoutMs: 60_000 },
    },
  });
  await t.app.ready();
  user = await signInAsNewUser(t);
  await connectMastodon(t, user, fake);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const engine = () => t.app.publishing.engine;

async function usage(who: SignedInUser): Promise<WorkspaceUsage> {
  const res = await who.send('GET', '/api/workspaces/current/usage');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The trial ends as if the clock had moved 15 days on. */
async function endTrial(workspaceId: string) {
  await t.db
    .update(workspaces)
    .set({ plan: null, trialEndsAt: new Date(Date.now() - 24 * 60 * 60 * 1000) })
    .where(eq(workspaces.id, workspaceId));
}

describe('the usage route', () => {
  it('answers the plan, the trial and the real figures against the limits', async () => {
    const before = await usage(user);
    expect(before).toMatchObject({
      billingMode: 'managed',
      plan: null,
      effectivePlan: 'standard',
      onTrial: true,
      trialDaysLeft: 14,
      publishingBlocked: false,
      accounts: {
        used: 1,
        limit: 3,
        fullestPlatform: 'mastodon',
        fullestPlatformUsed: 1,
        perPlatformLimit: 1,
      },
      storage: {
        usedBytes: 0,
        limitBytes: 100 * 1024 * 1024,
        maxFileSizeBytes: 2 * 1024 * 1024,
        limitsFrom: 'plan',
        diskFreeBytes: null,
      },
      members: { count: 1 },
      ai: { usedThisHour: 0, hourlyLimit: 60 },
    });
    await t.db.insert(mediaFiles).values({
      id: 'usage-file-1',
      workspaceId: user.workspaceId,
      uploadedBy: user.userId,
      name: 'a.png',
      mimeType: 'image/png',
      kind: 'image',
      sizeBytes: 12_345,
      storageKey: 'usage/a.png',
    });
    await t.db.insert(aiGenerations).values({
      id: 'usage-ai-1',
      workspaceId: user.workspaceId,
      userId: user.userId,
      kind: 'generate',
      prompt: 'hello',
      options: {},
    });
    const after = await usage(user);
    expect(after.storage.usedBytes).toBe(12_345);
    expect(after.ai.usedThisHour).toBe(1);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/workspaces/current/usage' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the end of the trial (managed billing)', () => {
  it('refuses to schedule, publish now, queue or move a post, keeps drafts, and holds due targets until a plan is chosen', async () => {
    const other = await signInAsNewUser(t, { name: 'Bea Trial' });
    await connectMastodon(t, other, fake);
    const scheduled = await createPost(t, other, {
      content: 'Due after the trial',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    await endTrial(other.workspaceId);

    const current = (await other.send('GET', '/api/workspaces/current')).json();
    expect(current).toMatchObject({
      isTrial: false,
      publishingBlocked: true,
      publishingBlockedReason: PLAN_MESSAGES.trialEnded,
    });

    for (const action of ['schedule', 'now', 'queue'] as const) {
      const res = await other.send('POST', '/api/posts', {
        content: `Refused ${action}`,
        platforms: ['mastodon'],
        action,
        ...(action === 'schedule' ? { scheduledAt: inAnHour() } : {}),
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'PUBLISHING_BLOCKED',
        message: PLAN_MESSAGES.trialEnded,
      });
    }
    const moved = await other.send('PATCH', `/api/posts/${scheduled.id}/schedule`, {
      scheduledAt: inAnHour(),
    });
    expect(moved.statusCode).toBe(403);

    const draft = await other.send('POST', '/api/posts', {
      content: 'Still a draft',
      platforms: ['mastodon'],
      action: 'draft',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const edited = await other.send('PUT', `/api/posts/${draft.json().id}`, {
      content: 'Still a draft, edited',
      platforms: ['mastodon'],
      action: 'draft',
    });
    expect(edited.statusCode, edited.body).toBe(200);

    // The post scheduled before the trial ended comes due: held with the reason, never sent, never failed.
    await makeDue(t, scheduled.id);
    await engine().sweep();
    const held = await getPost(t, other, scheduled.id);
    expect(held.targets[0]).toMatchObject({ status: 'held', lastError: PLAN_MESSAGES.trialEnded });
    expect(held.status).toBe('scheduled');
    expect(fake.published.filter((p) => p.text === 'Due after the trial')).toHaveLength(0);

    // A plan is chosen: the held target publishes.
    await t.db.update(workspaces).set({ plan: 'standard' }).where(eq(workspaces.id, other.workspaceId));
    expect(await resumeTargetsHeldForPlan(t.db, other.workspaceId)).toBe(1);
    await engine().sweep();
    expect((await getPost(t, other, scheduled.id)).status).toBe('published');
    expect(fake.published.filter((p) => p.text === 'Due after the trial')).toHaveLength(1);
    const allowed = await other.send('POST', '/api/posts', {
      content: 'Scheduled again',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
  });

  it('refuses the public API /api/v1 the same way', async () => {
    const api = await signInAsNewUser(t, { name: 'Cy Api' });
    await connectMastodon(t, api, fake);
    const key = await api.send('POST', '/api/api-keys', { name: 'Zapier', scopes: ['read', 'write'] });
    expect(key.statusCode, key.body).toBe(201);
    await endTrial(api.workspaceId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/posts',
      headers: { authorization: `Bearer ${key.json().secret}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        content: 'Via the API',
        platforms: ['mastodon'],
        action: 'schedule',
        scheduledAt: inAnHour(),
      }),
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(PLAN_MESSAGES.trialEnded);
  });
});

describe('self-hosted billing (no Stripe key)', () => {
  it('gives a workspace without a plan the highest limits and never pauses it, even past its trial end', async () => {
    const selfHosted = await createTestApp({ config: { billingMode: 'self-hosted' } });
    try {
      await selfHosted.app.ready();
      const owner = await signInAsNewUser(selfHosted, { name: 'Sam Self' });
      await selfHosted.db
        .update(workspaces)
        .set({ trialEndsAt: new Date(Date.now() - 24 * 60 * 60 * 1000) })
        .where(eq(workspaces.id, owner.workspaceId));
      const res = await owner.send('GET', '/api/workspaces/current/usage');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        billingMode: 'self-hosted',
        effectivePlan: 'entrepreneur',
        onTrial: false,
        publishingBlocked: false,
        accounts: { limit: 70, perPlatformLimit: 10 },
        // The plans' sizes are the managed service's: the install's own (MAX_UPLOAD_MB's 2 GB by default, no
        // storage limit but the disk) apply (docs/decisions/0061).
        storage: { limitBytes: null, maxFileSizeBytes: 2048 * 1024 * 1024, limitsFrom: 'server' },
      });
      const post = await owner.send('POST', '/api/posts', {
        content: 'Self-hosted, scheduled',
        platforms: ['mastodon'],
        action: 'schedule',
        scheduledAt: inAnHour(),
      });
      expect(post.statusCode, post.body).toBe(201);
    } finally {
      await selfHosted.close();
    }
  });
});
