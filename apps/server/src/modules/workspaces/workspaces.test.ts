import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser, signUp, uniqueEmail } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users, workspaceMembers, workspaces } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('personal workspaces', () => {
  it('gives every new user a workspace they own, on a 14-day trial with Standard limits', async () => {
    const { cookie, userId } = await signInAsNewUser(t, { name: 'Ada Lovelace' });
    const memberships = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, userId));
    expect(memberships).toHaveLength(1);
    expect(memberships[0]?.role).toBe('owner');

    const res = await t.app.inject({ method: 'GET', url: '/api/workspaces/current', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: memberships[0]?.organizationId,
      name: "Ada's workspace",
      role: 'owner',
      plan: null,
      effectivePlan: 'standard',
      isTrial: true,
    });
    const days = (new Date(body.trialEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
  });

  it('applies the plan chosen at sign-up', async () => {
    const { cookie } = await signInAsNewUser(t, { name: 'Grace', plan: 'premium' });
    const res = await t.app.inject({ method: 'GET', url: '/api/workspaces/current', headers: { cookie } });
    expect(res.json()).toMatchObject({ plan: 'premium', effectivePlan: 'premium' });
  });

  it('refuses an unknown plan at sign-up and creates nothing', async () => {
    const email = uniqueEmail('badplan');
    const res = await signUp(t.app, { name: 'X', email, password: 'secret1', plan: 'platinum' } as never);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose one of the plans on the pricing page.');
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('starts each session in the personal workspace and never in one the user left', async () => {
    const { cookie, userId } = await signInAsNewUser(t, { name: 'Mover' });
    const other = await signInAsNewUser(t, { name: 'Other' });
    const [foreign] = await t.db
      .select({ id: workspaceMembers.organizationId })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, other.userId));
    // Pointing the session at a workspace the user does not belong to falls back to their own.
    await t.db.execute(
      sql`update sessions set active_workspace_id = ${foreign!.id} where user_id = ${userId}`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/workspaces/current', headers: { cookie } });
    expect(res.json().id).not.toBe(foreign!.id);
    expect(res.json().role).toBe('owner');
    const own = await t.db.select().from(workspaces).where(eq(workspaces.id, res.json().id));
    expect(own).toHaveLength(1);
  });

  it('asks for sign-in without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/workspaces/current' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});
