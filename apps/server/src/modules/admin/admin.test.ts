import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema/index';
import { useAdminTestApp } from './admin.test-support';

/**
 * The instance administrator's API (/admin; docs/decisions/0046-stripe-billing.md) on a self-hosted server:
 * ADMIN_EMAILS may list the workspaces and set a plan; everyone else is answered 404, whatever they send.
 */

const s = useAdminTestApp();

async function planOf(workspaceId: string) {
  const [row] = await s.t.db
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.plan;
}

describe('the admin API', () => {
  it('answers 404 to anyone not in ADMIN_EMAILS, even with a bad body, and changes nothing', async () => {
    expect((await s.someone.send('GET', '/api/admin/workspaces')).statusCode).toBe(404);
    for (const body of [{ plan: 'premium' }, { plan: 'gold' }, {}]) {
      const res = await s.someone.send('PUT', `/api/admin/workspaces/${s.someone.workspaceId}/plan`, body);
      expect(res.statusCode).toBe(404);
    }
    expect(await planOf(s.someone.workspaceId)).toBeNull();
    const anonymous = await s.t.app.inject({ method: 'GET', url: '/api/admin/workspaces' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists every workspace with the self-hosted default for the administrator', async () => {
    const res = await s.admin.send('GET', '/api/admin/workspaces');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.billingMode).toBe('self-hosted');
    const row = body.workspaces.find((w: { id: string }) => w.id === s.someone.workspaceId);
    expect(row).toMatchObject({
      owner: s.someone.email.toLowerCase(),
      members: 1,
      plan: null,
      effectivePlan: 'entrepreneur',
      onTrial: false,
      publishingBlocked: false,
    });
  });

  it('sets and clears a plan through the same service as the command line', async () => {
    const res = await s.admin.send('PUT', `/api/admin/workspaces/${s.someone.workspaceId}/plan`, {
      plan: 'standard',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await planOf(s.someone.workspaceId)).toBe('standard');
    const current = (await s.someone.send('GET', '/api/workspaces/current')).json();
    expect(current).toMatchObject({ plan: 'standard', effectivePlan: 'standard' });
    const cleared = await s.admin.send('PUT', `/api/admin/workspaces/${s.someone.workspaceId}/plan`, {
      plan: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await planOf(s.someone.workspaceId)).toBeNull();
  });

  it('refuses an unknown plan (400) and an unknown workspace (404)', async () => {
    const bad = await s.admin.send('PUT', `/api/admin/workspaces/${s.someone.workspaceId}/plan`, {
      plan: 'gold',
    });
    expect(bad.statusCode).toBe(400);
    const missing = await s.admin.send('PUT', '/api/admin/workspaces/no-such-workspace/plan', {
      plan: 'premium',
    });
    expect(missing.statusCode).toBe(404);
  });
});
