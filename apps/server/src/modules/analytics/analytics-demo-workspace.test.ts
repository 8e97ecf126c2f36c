import { DEMO_WORKSPACE_NAME } from '@relaycast/shared/analytics-page';
import type { Onboarding } from '@relaycast/shared/onboarding';
import type { WorkspaceList } from '@relaycast/shared/workspaces';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/auth-requests';

/**
 * The demo workspace of "Try with demo data", as the app shell names it: the switcher lists it (flagged, so it is
 * labelled Demo and marked current inside it), leaving it keeps its data for later, and its generated accounts
 * do not tick the user's "connect an account" step.
 */
const s = useTestApp({ dana: 'Dana Demo' });

describe('the demo workspace in the app shell', () => {
  it('is listed, flagged and current while inside; leaving it keeps it; its accounts are not the user’s', async () => {
    const created = await s.dana.send('POST', '/api/analytics/demo');
    expect(created.statusCode, created.body).toBe(200);
    const demoId = created.json().workspaceId as string;

    const inside = (await s.dana.get('/api/workspaces')).json() as WorkspaceList;
    expect(inside.workspaces[0]).toMatchObject({
      id: demoId,
      name: DEMO_WORKSPACE_NAME,
      isCurrent: true,
      isDemo: true,
    });
    expect(inside.workspaces.find((workspace) => workspace.id === s.dana.workspaceId)?.isDemo).toBe(false);

    const checklist = (await s.dana.get('/api/onboarding')).json() as Onboarding;
    expect(checklist.steps.find((step) => step.id === 'account')?.done).toBe(false);

    // Leave demo: back to the user's own workspace, the demo kept to come back to.
    const left = await s.dana.send('POST', `/api/workspaces/${s.dana.workspaceId}/switch`);
    expect(left.statusCode, left.body).toBeLessThan(300);
    const outside = (await s.dana.get('/api/workspaces')).json() as WorkspaceList;
    expect(outside.workspaces[0]).toMatchObject({ id: s.dana.workspaceId, isCurrent: true, isDemo: false });
    expect(outside.workspaces.find((workspace) => workspace.id === demoId)).toMatchObject({
      isCurrent: false,
    });
    expect((await s.dana.send('POST', '/api/analytics/demo')).json().workspaceId).toBe(demoId);
  });
});
