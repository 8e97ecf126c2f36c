import { forbiddenMessage } from '@relaycast/shared/roles';
import { MAX_OWNED_WORKSPACES, WORKSPACE_MESSAGES } from '@relaycast/shared/workspaces';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, signIn, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sessions, workspaceMembers, workspaces } from '../../db/schema/index';
import { createAndSwitch } from './workspaces.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const current = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/workspaces/current', headers: { cookie } })).json();

describe('workspaces: create, list and switch', () => {
  it('creates a workspace the caller owns, lists both with roles, and switches this session only', async () => {
    const owner = await signInAsNewUser(t, { name: 'Nora Multi' });
    const created = await owner.send('POST', '/api/workspaces', { name: '  Client A  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Client A', role: 'owner' });
    const id = created.json().id as string;

    const list = await owner.send('GET', '/api/workspaces');
    expect(list.statusCode).toBe(200);
    expect(list.json().workspaces).toEqual([
      expect.objectContaining({
        id: owner.workspaceId,
        name: "Nora's workspace",
        role: 'owner',
        isCurrent: true,
      }),
      expect.objectContaining({ id, name: 'Client A', role: 'owner', isCurrent: false, onTrial: true }),
    ]);
    // Creating does not move the session; the answer names the caller (the web offers only what the role allows).
    expect(await current(owner.cookie)).toMatchObject({ id: owner.workspaceId, userId: owner.userId });

    // A second session of the same user stays where it was when the first one switches.
    const other = cookieHeader(await signIn(t.app, { email: owner.email, password: owner.password }));
    expect((await owner.send('POST', `/api/workspaces/${id}/switch`)).statusCode).toBe(204);
    expect((await current(owner.cookie)).id).toBe(id);
    expect((await current(other)).id).toBe(owner.workspaceId);
    const listed = (await owner.send('GET', '/api/workspaces')).json().workspaces;
    expect(listed[0]).toMatchObject({ id, isCurrent: true });
  });

  it('gives a new workspace the trial end and plan of the oldest one the owner has (no fresh trial)', async () => {
    const owner = await signInAsNewUser(t);
    const ends = new Date(Date.now() + 3 * 86_400_000);
    await t.db
      .update(workspaces)
      .set({ plan: 'premium', trialEndsAt: ends })
      .where(eq(workspaces.id, owner.workspaceId));
    const id = (await owner.send('POST', '/api/workspaces', { name: 'Second' })).json().id;
    const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, id));
    expect(row).toMatchObject({ plan: 'premium', isDemo: false });
    expect(row?.trialEndsAt?.getTime()).toBe(ends.getTime());
  });

  it('refuses bad names with a clear message and creates nothing', async () => {
    const owner = await signInAsNewUser(t);
    const cases: [unknown, string][] = [
      ['   ', WORKSPACE_MESSAGES.nameRequired],
      ['x'.repeat(81), WORKSPACE_MESSAGES.nameTooLong],
      ['Bad\nname', WORKSPACE_MESSAGES.nameInvalid],
      ['Bell\u0007', WORKSPACE_MESSAGES.nameInvalid],
      [42, WORKSPACE_MESSAGES.nameRequired],
    ];
    for (const [name, message] of cases) {
      const res = await owner.send('POST', '/api/workspaces', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const ok = await owner.send('POST', '/api/workspaces', { name: 'é'.repeat(80) });
    expect(ok.statusCode).toBe(201);
    const memberships = await t.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, owner.userId));
    expect(memberships).toHaveLength(2);
  });

  it(`refuses an owner's workspace number ${MAX_OWNED_WORKSPACES + 1}`, async () => {
    const owner = await signInAsNewUser(t);
    for (let i = 2; i <= MAX_OWNED_WORKSPACES; i += 1) {
      expect((await owner.send('POST', '/api/workspaces', { name: `W${i}` })).statusCode).toBe(201);
    }
    const over = await owner.send('POST', '/api/workspaces', { name: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(WORKSPACE_MESSAGES.tooMany);
  });

  it("answers 404 for switching to another user's workspace or an unknown id, and changes nothing", async () => {
    const owner = await signInAsNewUser(t);
    const stranger = await signInAsNewUser(t);
    for (const id of [stranger.workspaceId, 'no-such-workspace']) {
      const res = await owner.send('POST', `/api/workspaces/${id}/switch`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(WORKSPACE_MESSAGES.notFound);
    }
    expect((await current(owner.cookie)).id).toBe(owner.workspaceId);
    const list = (await owner.send('GET', '/api/workspaces')).json().workspaces;
    expect(list.map((w: { id: string }) => w.id)).toEqual([owner.workspaceId]);
  });
});

describe('workspaces: rename', () => {
  it('renames the current workspace for an owner or admin, and refuses a viewer', async () => {
    const owner = await signInAsNewUser(t);
    const renamed = await owner.send('PATCH', '/api/workspaces/current', { name: ' Agency ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: owner.workspaceId, name: 'Agency' });
    expect((await current(owner.cookie)).name).toBe('Agency');

    const viewer = await signInAsNewUser(t);
    await t.db.insert(workspaceMembers).values({
      id: `m-${viewer.userId}`,
      organizationId: owner.workspaceId,
      userId: viewer.userId,
      role: 'viewer',
    });
    await viewer.send('POST', `/api/workspaces/${owner.workspaceId}/switch`);
    const refused = await viewer.send('PATCH', '/api/workspaces/current', {
      name: 'Mine now',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: forbiddenMessage('viewer', 'manageWorkspace'),
    });
    expect((await current(owner.cookie)).name).toBe('Agency');
    const bad = await owner.send('PATCH', '/api/workspaces/current', { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(WORKSPACE_MESSAGES.nameRequired);
  });
});

describe('workspaces: logo', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const dataUrl = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`;

  it('sets, reads and removes the logo; refuses what is not the image it says, too large, or another role', async () => {
    const owner = await signInAsNewUser(t);
    expect((await owner.get('/api/workspaces/current/logo')).json()).toEqual({ logo: null });
    const saved = await owner.send('PUT', '/api/workspaces/current/logo', { logo: dataUrl('png', png) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await owner.get('/api/workspaces/current/logo')).json()).toEqual({ logo: dataUrl('png', png) });

    const refusals: [unknown, string][] = [
      [
        { logo: `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}` },
        WORKSPACE_MESSAGES.logoInvalid,
      ],
      [{ logo: dataUrl('jpeg', png) }, WORKSPACE_MESSAGES.logoInvalid],
      [{ logo: 'https://example.com/logo.png' }, WORKSPACE_MESSAGES.logoInvalid],
      [
        { logo: dataUrl('png', Buffer.concat([png, Buffer.alloc(110 * 1024)])) },
        WORKSPACE_MESSAGES.logoTooLarge,
      ],
    ];
    for (const [body, message] of refusals) {
      const refused = await owner.send('PUT', '/api/workspaces/current/logo', body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    // Nothing changed by the refusals.
    expect((await owner.get('/api/workspaces/current/logo')).json()).toEqual({ logo: dataUrl('png', png) });

    const editor = await signInAsNewUser(t);
    await t.db.insert(workspaceMembers).values({
      id: `m-${editor.userId}`,
      organizationId: owner.workspaceId,
      userId: editor.userId,
      role: 'editor',
    });
    await editor.send('POST', `/api/workspaces/${owner.workspaceId}/switch`);
    expect((await editor.get('/api/workspaces/current/logo')).statusCode).toBe(200);
    expect((await editor.send('PUT', '/api/workspaces/current/logo', { logo: null })).statusCode).toBe(403);

    const removed = await owner.send('PUT', '/api/workspaces/current/logo', { logo: null });
    expect(removed.json()).toEqual({ logo: null });
  });
});

describe('workspaces: delete', () => {
  it('asks for the exact name, refuses the last owned workspace, and lets the session fall back', async () => {
    const owner = await signInAsNewUser(t, { name: 'Wanda Owner' });
    const only = await owner.send('DELETE', '/api/workspaces/current', {
      name: "Wanda's workspace",
    });
    expect(only.statusCode).toBe(409);
    expect(only.json().message).toBe(WORKSPACE_MESSAGES.lastOwned);

    const id = await createAndSwitch(owner, 'Short lived');
    for (const name of ['short lived', 'Short lived ', 'Wrong', '']) {
      const wrong = await owner.send('DELETE', '/api/workspaces/current', { name });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(WORKSPACE_MESSAGES.confirmNameWrong);
    }
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, id))).toHaveLength(1);

    // A paid subscription is cancelled first: deleting must not leave Stripe charging for nothing.
    await t.db
      .update(workspaces)
      .set({ stripeSubscriptionId: 'sub_1', billingStatus: 'active' })
      .where(eq(workspaces.id, id));
    const paying = await owner.send('DELETE', '/api/workspaces/current', {
      name: 'Short lived',
    });
    expect(paying.statusCode).toBe(409);
    expect(paying.json().message).toBe(WORKSPACE_MESSAGES.subscriptionActive);
    await t.db.update(workspaces).set({ billingStatus: 'canceled' }).where(eq(workspaces.id, id));

    const deleted = await owner.send('DELETE', '/api/workspaces/current', {
      name: 'Short lived',
    });
    expect(deleted.statusCode).toBe(204);
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, id))).toHaveLength(0);
    expect((await current(owner.cookie)).id).toBe(owner.workspaceId);
    const pointing = await t.db.select().from(sessions).where(eq(sessions.activeOrganizationId, id));
    expect(pointing).toHaveLength(0);
  });

  it('lets only the owner delete: an admin gets 403 and nothing is removed', async () => {
    const owner = await signInAsNewUser(t, { name: 'Wanda Owner' });
    const admin = await signInAsNewUser(t);
    await t.db.insert(workspaceMembers).values({
      id: `a-${admin.userId}`,
      organizationId: owner.workspaceId,
      userId: admin.userId,
      role: 'admin',
    });
    await admin.send('POST', `/api/workspaces/${owner.workspaceId}/switch`);
    const refused = await admin.send('DELETE', '/api/workspaces/current', {
      name: "Wanda's workspace",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: forbiddenMessage('admin', 'billing'),
    });
    const rows = await t.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.organizationId, owner.workspaceId));
    expect(rows).toHaveLength(2);
  });
});
