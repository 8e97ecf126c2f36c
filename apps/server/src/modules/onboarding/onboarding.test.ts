import { randomUUID } from 'node:crypto';
import type { Onboarding } from '@relaycast/shared/onboarding';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser, useTestApp } from '../../../test/auth-requests';
import { createTestApp } from '../../../test/test-app';
import { socialAccounts, streamSessions, users, workspaceMembers } from '../../db/schema/index';
import { created, hoursFromNow } from '../posts/posts.test-support';
import { insertAccount } from '../publishing/publishing.test-support';
import { finishSession, insertSession, markSessionLive } from '../streaming/stream-sessions.service';

const s = useTestApp({ ada: 'Ada', bob: 'Bob' });

async function onboardingOf(member: SignedInUser): Promise<Onboarding> {
  const res = await member.get('/api/onboarding');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function doneSteps(onboarding: Onboarding) {
  return Object.fromEntries(onboarding.steps.map((step) => [step.id, step.done]));
}

async function startStream(member: SignedInUser) {
  const id = randomUUID();
  await insertSession(s.t.db, {
    id,
    owner: { userId: member.userId, workspaceId: member.workspaceId },
    title: 'First stream',
    source: 'browser',
    settings: { resolution: '720p', bitrateKbps: 3000, fps: 30, encoder: 'x264', format: 'flv' },
    scheduledStreamId: null,
    destinations: [],
  });
  return id;
}

describe('GET /api/onboarding', () => {
  it('starts with every step to do (no AI provider on this server) and greets a new user', async () => {
    const onboarding = await onboardingOf(s.ada);
    expect(onboarding).toEqual({
      isNewUser: true,
      dismissed: false,
      canSetAiProvider: true,
      steps: [
        { id: 'account', done: false },
        { id: 'post', done: false },
        { id: 'ai', done: false },
        { id: 'live', done: false },
      ],
    });
  });

  it('counts only a connected account of the caller’s workspace', async () => {
    const id = await insertAccount(s.t, s.ada.workspaceId, 'bluesky');
    await s.t.db.update(socialAccounts).set({ status: 'needs_reconnect' }).where(eq(socialAccounts.id, id));
    expect(doneSteps(await onboardingOf(s.ada)).account).toBe(false);
    await s.t.db.update(socialAccounts).set({ status: 'connected' }).where(eq(socialAccounts.id, id));
    expect(doneSteps(await onboardingOf(s.ada)).account).toBe(true);
    expect(doneSteps(await onboardingOf(s.bob)).account).toBe(false);
  });

  it('counts a scheduled post, not a draft or a deleted one', async () => {
    await created(s.ada, { content: 'Draft only', platforms: ['bluesky'], action: 'draft', timezone: 'UTC' });
    expect(doneSteps(await onboardingOf(s.ada)).post).toBe(false);
    const post = await created(s.ada, {
      content: 'Scheduled',
      platforms: ['bluesky'],
      action: 'schedule',
      scheduledAt: hoursFromNow(48),
      timezone: 'UTC',
    });
    expect(doneSteps(await onboardingOf(s.ada)).post).toBe(true);
    expect(doneSteps(await onboardingOf(s.bob)).post).toBe(false);
    expect((await s.ada.send('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200);
    expect(doneSteps(await onboardingOf(s.ada)).post).toBe(false);
    expect((await s.ada.send('POST', `/api/posts/${post.id}/restore`)).statusCode).toBe(200);
    expect(doneSteps(await onboardingOf(s.ada)).post).toBe(true);
  });

  it('counts a stream only once it went live, and keeps it after it ended', async () => {
    const never = await startStream(s.ada);
    await finishSession(s.t.db, never, { status: 'failed', reason: 'no input', destinations: [] });
    expect(doneSteps(await onboardingOf(s.ada)).live).toBe(false);
    const id = await startStream(s.ada);
    expect(doneSteps(await onboardingOf(s.ada)).live).toBe(false);
    await markSessionLive(s.t.db, id);
    expect(doneSteps(await onboardingOf(s.ada)).live).toBe(true);
    await finishSession(s.t.db, id, { status: 'ended', reason: null, destinations: [] });
    expect(doneSteps(await onboardingOf(s.ada)).live).toBe(true);
    const [row] = await s.t.db.select().from(streamSessions).where(eq(streamSessions.id, id));
    expect(row?.liveAt).toBeInstanceOf(Date);
    expect(doneSteps(await onboardingOf(s.bob)).live).toBe(false);
  });

  it('counts the workspace’s own AI provider, and tells a member they cannot set it', async () => {
    const saved = await s.ada.send('PUT', '/api/ai/settings', {
      provider: 'openai',
      baseUrl: '',
      model: 'gpt-4o-mini',
      apiKey: 'sk-test-key',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(doneSteps(await onboardingOf(s.ada))).toEqual({ account: true, post: true, ai: true, live: true });
    expect(doneSteps(await onboardingOf(s.bob)).ai).toBe(false);

    await s.t.db
      .update(workspaceMembers)
      .set({ role: 'member' })
      .where(eq(workspaceMembers.userId, s.bob.userId));
    expect((await onboardingOf(s.bob)).canSetAiProvider).toBe(false);
  });

  it('says "Welcome back" (isNewUser false) once the account is a day old', async () => {
    await s.t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(users.id, s.ada.userId));
    expect((await onboardingOf(s.ada)).isNewUser).toBe(false);
    expect((await onboardingOf(s.bob)).isNewUser).toBe(true);
  });

  it('counts the server’s own provider for every workspace', async () => {
    const withServerAi = await createTestApp({
      config: {
        ai: { ...s.t.config.ai, provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
      },
    });
    try {
      const carol = await signInAsNewUser(withServerAi, { name: 'Carol' });
      const res = await carol.get('/api/onboarding');
      expect(res.json().steps).toContainEqual({ id: 'ai', done: true });
    } finally {
      await withServerAi.close();
    }
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/onboarding' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('PUT /api/onboarding', () => {
  it('hides the checklist for the caller only, and shows it again', async () => {
    const hidden = await s.ada.send('PUT', '/api/onboarding', { dismissed: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().dismissed).toBe(true);
    expect((await onboardingOf(s.ada)).dismissed).toBe(true);
    expect((await onboardingOf(s.bob)).dismissed).toBe(false);
    const shown = await s.ada.send('PUT', '/api/onboarding', { dismissed: false });
    expect(shown.json().dismissed).toBe(false);
    expect((await onboardingOf(s.ada)).dismissed).toBe(false);
  });

  it('answers bad input with a clear 400, never a 500', async () => {
    for (const body of [{ dismissed: 'yes' }, {}, []]) {
      const res = await s.ada.send('PUT', '/api/onboarding', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const raw = await s.t.app.inject({
      method: 'PUT',
      url: '/api/onboarding',
      headers: { cookie: s.ada.cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(raw.statusCode).toBe(400);
  });
});
