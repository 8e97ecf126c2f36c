/**
 * The role matrix (docs/decisions/0041-roles.md): for every `/api/` route that needs a session, each role the role table does not
 * allow is refused with 403 before the route reads its input, and each role it allows is not. Generated from the
 * registered routes and packages/shared/src/roles.ts, so new routes and changed roles join by themselves.
 */
import {
  canRemove,
  forbiddenMessage,
  ROLE_MESSAGES,
  ROLES,
  type Role,
  roleCan,
} from '@relaycast/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../test/auth-requests';
import { linkInMailTo } from '../../test/outbox';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { insertMedia } from '../modules/posts/posts.test-support';
import { routePermission } from './authenticate-first';

let t: TestApp;
const cookies = {} as Record<Role, string>;
const userIds = {} as Record<Role, string>;
let workspaceId = '';

function send(method: string, url: string, cookie: string, body?: unknown) {
  return t.app.inject({
    method: method as 'POST',
    url,
    headers: {
      cookie,
      origin: TEST_ORIGIN,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signInAsNewUser(t, { name: 'Owner' });
  cookies.owner = owner.cookie;
  userIds.owner = owner.userId;
  // Everyone else joins the owner's workspace through a real invitation, with their role.
  for (const role of ROLES.filter((r) => r !== 'owner')) {
    const member = await signInAsNewUser(t, { name: role });
    const invited = await send('POST', '/api/workspaces/current/invitations', owner.cookie, {
      email: member.email,
      role,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = (await linkInMailTo(t.db, member.email)).pathname.split('/').pop();
    const accepted = await send('POST', `/api/invitations/${token}/accept`, member.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const current = await send('GET', '/api/workspaces/current', member.cookie);
    expect(current.json().role).toBe(role);
    workspaceId = current.json().id;
    cookies[role] = member.cookie;
    userIds[role] = member.userId;
  }
});
afterAll(() => t.close());

/** Every route that needs a session, each method on its own, with its params filled in. */
function protectedRoutes() {
  return t.app.registeredRoutes.flatMap((route) =>
    route.needsSession && route.permission
      ? route.methods
          .filter((method) => method !== 'HEAD')
          .map((method) => ({
            method,
            url: route.url,
            path: route.url.replace(/:[^/]+/g, 'x1'),
            permission: route.permission!,
            message: route.options.config?.permissionMessage,
          }))
      : [],
  );
}

describe('the role matrix over every route', () => {
  it('gives every route that needs a session a permission: the declared one, else view to read, write to change', () => {
    const routes = protectedRoutes();
    expect(routes.length).toBeGreaterThan(100);
    expect(routePermission({ method: 'GET', config: {} })).toBe('view');
    expect(routePermission({ method: ['GET', 'HEAD'], config: {} })).toBe('view');
    expect(routePermission({ method: 'POST', config: {} })).toBe('write');
    expect(routePermission({ method: 'DELETE', config: { permission: 'billing' } })).toBe('billing');
    // What the issue names: stream keys and tokens are out of a contributor's sight; members need manageMembers.
    const permissionOf = (method: string, url: string) =>
      routes.find((route) => route.method === method && route.url === url)?.permission;
    expect(permissionOf('GET', '/api/streaming/destinations')).toBe('stream');
    expect(permissionOf('GET', '/api/streaming/ingest')).toBe('stream');
    expect(permissionOf('POST', '/api/workspaces/current/invitations')).toBe('manageMembers');
    expect(permissionOf('PATCH', '/api/posts/:id/schedule')).toBe('write');
    expect(permissionOf('POST', '/api/posts/:id/targets/:targetId/retry')).toBe('publish');
    expect(permissionOf('POST', '/api/accounts/bluesky')).toBe('manageAccounts');
  });

  it('refuses, with 403 and the role table’s words, each role that may not use a route', {
    timeout: 120_000,
  }, async () => {
    const wrong: string[] = [];
    let refusals = 0;
    for (const route of protectedRoutes()) {
      for (const role of ROLES.filter((r) => !roleCan(r, route.permission))) {
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : { text: 'x' };
        const res = await send(route.method, route.path, cookies[role], body);
        refusals++;
        const expected = route.message ?? forbiddenMessage(role, route.permission);
        if (res.statusCode !== 403 || res.json().code !== 'FORBIDDEN' || res.json().message !== expected) {
          wrong.push(`${role} ${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(refusals).toBeGreaterThan(100);
  });

  it('lets through the least role that may use a route (whatever the route then says of the input)', {
    timeout: 120_000,
  }, async () => {
    const wrong: string[] = [];
    for (const route of protectedRoutes()) {
      // `self` routes never ask the role; their own tests cover them (and some sign out or switch workspaces).
      if (route.permission === 'self') continue;
      // The roles nest (packages/shared/src/roles.test.ts): the weakest that holds the permission stands for all.
      const allowed = ROLES.filter((r) => roleCan(r, route.permission));
      for (const role of allowed.slice(-1)) {
        const res = await send(route.method, route.path, cookies[role]);
        if (res.statusCode === 403 && res.json().code === 'FORBIDDEN') {
          wrong.push(`${role} ${route.method} ${route.url}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers each flag the interface reads (canEdit, canManage…) as the route hook would answer its route', async () => {
    // [what the page reads, its flag, the route the flag stands for]: the flag is the role table's answer for the
    // permission that route declares, never a rule of its own (docs/decisions/0067-role-enforcement-one-rule.md).
    const flags = [
      ['/api/ai/settings', 'canEdit', 'PUT /api/ai/settings'],
      ['/api/analytics/budget', 'canEdit', 'PUT /api/analytics/budget'],
      ['/api/analytics/report-links', 'canManage', 'POST /api/analytics/report-links'],
      ['/api/analytics/report-schedule', 'canManage', 'PUT /api/analytics/report-schedule'],
      ['/api/approvals/settings', 'canChangeSetting', 'PUT /api/approvals/settings'],
      ['/api/approvals/settings', 'canApprove', 'POST /api/approvals/:postId/approve'],
      ['/api/webhooks', 'canManage', 'POST /api/webhooks'],
      ['/api/billing', 'canManage', 'POST /api/billing/checkout'],
      ['/api/onboarding', 'canSetAiProvider', 'PUT /api/ai/settings'],
    ] as const;
    const wrong: string[] = [];
    for (const [page, flag, route] of flags) {
      const [method, url] = route.split(' ');
      const permission = protectedRoutes().find((r) => r.method === method && r.url === url)?.permission;
      expect(permission, route).toBeDefined();
      for (const role of ROLES) {
        const res = await send('GET', page, cookies[role]);
        expect(res.statusCode, `${role} GET ${page}`).toBe(200);
        const expected = roleCan(role, permission!);
        if (res.json()[flag] !== expected) wrong.push(`${role} ${page} ${flag}: ${res.json()[flag]}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('applies the same table to the public API: a key acts with its owner’s role', async () => {
    const created = await send('POST', '/api/api-keys', cookies.viewer, {
      name: 'Viewer key',
      scopes: ['read', 'write'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const secret = created.json().secret as string;
    const withKey = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${secret}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
    expect((await withKey('GET', '/api/v1/posts')).statusCode).toBe(200);
    const refused = await withKey('POST', '/api/v1/posts', { text: 'From a viewer’s key' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(forbiddenMessage('viewer', 'write'));
  });

  it('applies the table’s removal rule to deleting and restoring posts and files (decision 0059)', {
    timeout: 60_000,
  }, async () => {
    const wrong: string[] = [];
    const check = (what: string, role: Role, allowed: boolean, res: { statusCode: number; body: string }) => {
      const refused = res.statusCode === 403 && res.body.includes(ROLE_MESSAGES.onlyOwnDrafts);
      if (allowed ? res.statusCode >= 400 : !refused) wrong.push(`${role} ${what} → ${res.statusCode}`);
    };
    for (const role of ROLES.filter((r) => roleCan(r, 'write'))) {
      const other: Role = role === 'owner' ? 'editor' : 'owner';
      for (const author of [role, other]) {
        const draft = { content: `${author}’s draft`, platforms: ['facebook'], action: 'draft' };
        const made = await send('POST', '/api/posts', cookies[author], draft);
        expect(made.statusCode, made.body).toBe(201);
        const id = made.json().id as string;
        const allowed = canRemove(role, { kind: 'post', isOwn: author === role, status: 'draft' });
        check(
          `DELETE ${author}’s draft`,
          role,
          allowed,
          await send('DELETE', `/api/posts/${id}`, cookies[role]),
        );
        // Restoring: deleted by its author first when the role may not delete it.
        if (!allowed) await send('DELETE', `/api/posts/${id}`, cookies[author]);
        const restore = await send('POST', `/api/posts/${id}/restore`, cookies[role]);
        check(`restore ${author}’s draft`, role, allowed, restore);

        const file = await insertMedia(t, workspaceId, {
          name: 'file.jpg',
          mimeType: 'image/jpeg',
          sizeBytes: 10,
          uploadedBy: userIds[author],
        });
        const mayDelete = canRemove(role, { kind: 'media', isOwn: author === role });
        check(
          `DELETE ${author}’s file`,
          role,
          mayDelete,
          await send('DELETE', `/api/media/${file}`, cookies[role]),
        );
      }
    }
    expect(wrong).toEqual([]);
  });
});
