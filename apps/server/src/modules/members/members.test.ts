/**
 * Members and invitations end to end through the routes (decision 0042). Over 300 lines on purpose: one
 * workspace setup shared by every refusal and race the issue lists.
 */
import { MEMBERS_MESSAGES, wrongEmailMessage } from '@relaycast/shared/members';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, type SignedInUser, signInAsNewUser, uniqueEmail } from '../../../test/auth-requests';
import { linkInMailTo } from '../../../test/outbox';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../test/test-app';
import { workspaceInvitations, workspaceMembers } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BASE = '/api/workspaces/current';

function send(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: { cookie: string },
  body?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      cookie: who.cookie,
      origin: TEST_ORIGIN,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

async function invite(owner: SignedInUser, email: string, role = 'editor') {
  const res = await send('POST', `${BASE}/invitations`, owner, { email, role });
  expect(res.statusCode, res.body).toBe(201);
  const link = await linkInMailTo(t.db, email.toLowerCase());
  const token = link.pathname.split('/').pop()!;
  return { id: res.json().id as string, token, link };
}

async function members(who: SignedInUser) {
  const res = await send('GET', `${BASE}/members`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    members: { id: string; userId: string; role: string; email: string }[];
    invitations: { id: string; email: string; role: string }[];
    yourRole: string;
  };
}

/** A person who joined `owner`'s workspace with `role` (and works in it). */
async function joined(owner: SignedInUser, role: string, name = 'Member') {
  const someone = await signInAsNewUser(t, { name });
  const { token } = await invite(owner, someone.email, role);
  const res = await send('POST', `/api/invitations/${token}/accept`, someone);
  expect(res.statusCode, res.body).toBe(200);
  const list = await members(owner);
  const memberId = list.members.find((m) => m.userId === someone.userId)!.id;
  return { ...someone, memberId };
}

function message(res: LightMyRequestResponse) {
  return res.json().message as string;
}

describe('invitations', () => {
  it('invites by e-mail; an existing user accepts from the link and works in the workspace', async () => {
    const owner = await signInAsNewUser(t, { name: 'Owner' });
    const guest = await signInAsNewUser(t, { name: 'Guest' });
    const { token, link } = await invite(owner, guest.email.toUpperCase(), 'editor');
    expect(link.origin).toBe(TEST_ORIGIN);
    expect(link.pathname).toBe(`/invite/${token}`);
    const stored = await t.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.organizationId, owner.workspaceId));
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.tokenHash).not.toContain(token);

    const preview = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      email: guest.email,
      role: 'editor',
      state: 'valid',
      invitedBy: 'Owner',
    });

    const listed = await members(owner);
    expect(listed.invitations).toMatchObject([{ email: guest.email, role: 'editor' }]);

    const accepted = await send('POST', `/api/invitations/${token}/accept`, guest);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ workspaceId: owner.workspaceId, role: 'editor' });
    const current = await send('GET', BASE, guest);
    expect(current.json()).toMatchObject({ id: owner.workspaceId, role: 'editor' });
    const after = await members(owner);
    expect(after.invitations).toHaveLength(0);
    expect(after.members.map((m) => m.role)).toEqual(['owner', 'editor']);
    const used = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(used.json().state).toBe('used');
  });

  it('lets a new user sign up from the link and accept', async () => {
    const owner = await signInAsNewUser(t, { name: 'Owner' });
    const email = uniqueEmail('newbie');
    const { token } = await invite(owner, email, 'viewer');
    const { cookie } = await signInAsNewUser(t, { name: 'Newbie', email });
    const res = await send('POST', `/api/invitations/${token}/accept`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect((await send('GET', BASE, { cookie })).json()).toMatchObject({
      id: owner.workspaceId,
      role: 'viewer',
    });
  });

  it('refuses an expired, a reused, a revoked and an unknown link, and the wrong account', async () => {
    const owner = await signInAsNewUser(t, { name: 'Owner' });
    const guest = await signInAsNewUser(t, { name: 'Guest' });
    const { token, id } = await invite(owner, guest.email);
    const stranger = await signInAsNewUser(t, { name: 'Stranger' });
    const wrong = await send('POST', `/api/invitations/${token}/accept`, stranger);
    expect(wrong.statusCode).toBe(403);
    expect(message(wrong)).toBe(wrongEmailMessage(guest.email));

    await t.db
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.id, id));
    const expired = await send('POST', `/api/invitations/${token}/accept`, guest);
    expect(expired.statusCode).toBe(409);
    expect(message(expired)).toBe(MEMBERS_MESSAGES.linkExpired);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).json().state).toBe(
      'expired',
    );

    // Re-sending renews it with a new link; the old one stops working.
    const resent = await send('POST', `${BASE}/invitations/${id}/resend`, owner);
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = (await linkInMailTo(t.db, guest.email)).pathname.split('/').pop()!;
    expect(fresh).not.toBe(token);
    expect((await send('POST', `/api/invitations/${token}/accept`, guest)).statusCode).toBe(404);
    expect((await send('POST', `/api/invitations/${fresh}/accept`, guest)).statusCode).toBe(200);
    const reused = await send('POST', `/api/invitations/${fresh}/accept`, guest);
    expect(reused.statusCode).toBe(409);
    expect(message(reused)).toBe(MEMBERS_MESSAGES.linkUsed);

    const other = await signInAsNewUser(t, { name: 'Other' });
    const revoked = await invite(owner, other.email);
    expect((await send('DELETE', `${BASE}/invitations/${revoked.id}`, owner)).statusCode).toBe(204);
    const afterRevoke = await send('POST', `/api/invitations/${revoked.token}/accept`, other);
    expect(afterRevoke.statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/invitations/not-a-token' });
    expect(unknown.statusCode).toBe(404);
    expect(message(unknown)).toBe(MEMBERS_MESSAGES.linkNotFound);
  });

  it('refuses inviting a member or an address with a pending invitation', async () => {
    const owner = await signInAsNewUser(t, { name: 'Owner' });
    const self = await send('POST', `${BASE}/invitations`, owner, { email: owner.email, role: 'viewer' });
    expect(self.statusCode).toBe(409);
    expect(message(self)).toBe(MEMBERS_MESSAGES.alreadyMember);
    const email = uniqueEmail('twice');
    await invite(owner, email);
    const again = await send('POST', `${BASE}/invitations`, owner, { email, role: 'viewer' });
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(MEMBERS_MESSAGES.alreadyInvited);
  });

  it('adds one member when two accepts race', async () => {
    const owner = await signInAsNewUser(t, { name: 'Owner' });
    const guest = await signInAsNewUser(t, { name: 'Guest' });
    const { token } = await invite(owner, guest.email);
    const results = await Promise.all([
      send('POST', `/api/invitations/${token}/accept`, guest),
      send('POST', `/api/invitations/${token}/accept`, guest),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toContain(200);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    const rows = await t.db
      .select()
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.organizationId, owner.workspaceId),
          eq(workspaceMembers.userId, guest.userId),
        ),
      );
    expect(rows).toHaveLength(1);
  });
});

describe('roles', () => {
  it('refuses every mutation to editors, contributors and viewers', async () => {
    const owner = await signInAsNewUser(t, { name: 'Owner' });
    const target = await joined(owner, 'viewer', 'Target');
    const pending = await invite(owner, uniqueEmail('pending'));
    for (const role of ['editor', 'contributor', 'viewer']) {
      const member = await joined(owner, role, role);
      const attempts = [
        send('POST', `${BASE}/invitations`, member, { email: uniqueEmail('x'), role: 'viewer' }),
        send('POST', `${BASE}/invitations/${pending.id}/resend`, member),
        send('DELETE', `${BASE}/invitations/${pending.id}`, member),
        send('PATCH', `${BASE}/members/${target.memberId}`, member, { role: 'admin' }),
        send('DELETE', `${BASE}/members/${target.memberId}`, member),
        send('POST', `${BASE}/transfer-ownership`, member, { memberId: member.memberId }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
        expect(res.json().code, `${role}: ${res.body}`).toBe('FORBIDDEN');
      }
      // They can see the members, and leave.
      expect((await members(member)).yourRole).toBe(role);
    }
    expect((await members(owner)).members.find((m) => m.id === target.memberId)?.role).toBe('viewer');
  });

  it('lets an admin change roles and remove members, but not the owner or themselves', async () => {
    const owner = await signInAsNewUser(t, { name: 'Owner' });
    const admin = await joined(owner, 'admin', 'Admin');
    const editor = await joined(owner, 'editor', 'Editor');
    const ownerId = (await members(owner)).members.find((m) => m.role === 'owner')!.id;
    const changed = await send('PATCH', `${BASE}/members/${editor.memberId}`, admin, { role: 'contributor' });
    expect(changed.statusCode, changed.body).toBe(200);
    const own = await send('PATCH', `${BASE}/members/${admin.memberId}`, admin, { role: 'editor' });
    expect(message(own)).toBe(MEMBERS_MESSAGES.cannotChangeOwnRole);
    const ownerRole = await send('PATCH', `${BASE}/members/${ownerId}`, admin, { role: 'viewer' });
    expect(ownerRole.statusCode).toBe(403);
    expect(message(ownerRole)).toBe(MEMBERS_MESSAGES.ownerRoleFixed);
    const toOwner = await send('PATCH', `${BASE}/members/${editor.memberId}`, admin, { role: 'owner' });
    expect(toOwner.statusCode).toBe(400);
    expect(message(toOwner)).toBe(MEMBERS_MESSAGES.roleInvalid);
    const inviteOwner = await send('POST', `${BASE}/invitations`, admin, {
      email: uniqueEmail('o'),
      role: 'owner',
    });
    expect(inviteOwner.statusCode).toBe(400);
    expect((await send('DELETE', `${BASE}/members/${ownerId}`, admin)).statusCode).toBe(403);
    const transfer = await send('POST', `${BASE}/transfer-ownership`, admin, { memberId: editor.memberId });
    expect(message(transfer)).toBe(MEMBERS_MESSAGES.onlyOwnerTransfers);
    expect((await send('DELETE', `${BASE}/members/${editor.memberId}`, admin)).statusCode).toBe(204);
    // The removed member is back in their own workspace.
    expect((await send('GET', BASE, editor)).json().id).toBe(editor.workspaceId);
  });

  it("answers 404 for another workspace's members and invitations", async () => {
    const owner = await signInAsNewUser(t, { name: 'Owner' });
    const otherOwner = await signInAsNewUser(t, { name: 'Other' });
    const theirs = await joined(otherOwner, 'viewer');
    const theirInvite = await invite(otherOwner, uniqueEmail('their'));
    for (const res of await Promise.all([
      send('PATCH', `${BASE}/members/${theirs.memberId}`, owner, { role: 'editor' }),
      send('DELETE', `${BASE}/members/${theirs.memberId}`, owner),
      send('POST', `${BASE}/invitations/${theirInvite.id}/resend`, owner),
      send('DELETE', `${BASE}/invitations/${theirInvite.id}`, owner),
      send('POST', `${BASE}/transfer-ownership`, owner, {
        memberId: theirs.memberId,
        password: owner.password,
      }),
    ])) {
      expect(res.statusCode, res.body).toBe(404);
    }
  });
});

describe('leaving and ownership', () => {
  it('lets a member leave but not the owner', async () => {
    const owner = await signInAsNewUser(t, { name: 'Owner' });
    const member = await joined(owner, 'contributor');
    const ownerLeaves = await send('POST', `${BASE}/leave`, owner);
    expect(ownerLeaves.statusCode).toBe(403);
    expect(message(ownerLeaves)).toBe(MEMBERS_MESSAGES.ownerCannotLeave);
    expect((await send('POST', `${BASE}/leave`, member)).statusCode).toBe(204);
    expect((await send('GET', BASE, member)).json()).toMatchObject({ id: member.workspaceId, role: 'owner' });
    expect((await members(owner)).members).toHaveLength(1);
  });

  it('transfers ownership: the target becomes owner, the old owner admin', async () => {
    const owner = await signInAsNewUser(t, { name: 'Owner' });
    const editor = await joined(owner, 'editor');
    // The password is required, as for turning two-factor off: a session left open cannot give the workspace away.
    for (const body of [{ memberId: editor.memberId }, { memberId: editor.memberId, password: '' }]) {
      const noPassword = await send('POST', `${BASE}/transfer-ownership`, owner, body);
      expect(noPassword.statusCode, noPassword.body).toBe(400);
      expect(message(noPassword)).toBe(MEMBERS_MESSAGES.passwordRequired);
    }
    expect((await members(owner)).yourRole).toBe('owner');
    const wrongPassword = await send('POST', `${BASE}/transfer-ownership`, owner, {
      memberId: editor.memberId,
      password: 'not-it',
    });
    expect(wrongPassword.statusCode).toBe(403);
    expect(message(wrongPassword)).toBe(MEMBERS_MESSAGES.passwordWrong);
    const res = await send('POST', `${BASE}/transfer-ownership`, owner, {
      memberId: editor.memberId,
      password: owner.password,
    });
    expect(res.statusCode, res.body).toBe(204);
    const list = await members(owner);
    expect(list.yourRole).toBe('admin');
    expect(list.members.find((m) => m.id === editor.memberId)?.role).toBe('owner');
    const owners = await t.db
      .select({ id: workspaceMembers.id })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.organizationId, owner.workspaceId), eq(workspaceMembers.role, 'owner')));
    expect(owners).toHaveLength(1);
  });
});

describe('input and the auth API', () => {
  it('answers 400, never 500, to malformed bodies', async () => {
    const owner = await signInAsNewUser(t, { name: 'Owner' });
    const bodies: [string, string, unknown][] = [
      ['POST', `${BASE}/invitations`, { email: 'not-an-email', role: 'editor' }],
      ['POST', `${BASE}/invitations`, { email: 'a@example.com', role: 'king' }],
      ['POST', `${BASE}/invitations`, '{"email":'],
      ['POST', `${BASE}/invitations`, { email: 5 }],
      ['PATCH', `${BASE}/members/x`, { role: null }],
      ['POST', `${BASE}/transfer-ownership`, { memberId: '' }],
      ['POST', `${BASE}/transfer-ownership`, []],
    ];
    for (const [method, url, body] of bodies) {
      const res = await send(method as 'POST', url, owner, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
    }
    const bad = await send('POST', `${BASE}/invitations`, owner, { email: 'nope', role: 'editor' });
    expect(message(bad)).toBe(MEMBERS_MESSAGES.emailInvalid);
  });

  it("closes Better Auth's organization mutations", async () => {
    const owner = await signInAsNewUser(t, { name: 'Owner' });
    const guest = await signInAsNewUser(t, { name: 'Guest' });
    for (const path of [
      'invite-member',
      'accept-invitation',
      'update-member-role',
      'remove-member',
      'leave',
      'delete',
      'update',
    ]) {
      const res = await postJson(
        t.app,
        `/api/auth/organization/${path}`,
        {
          email: guest.email,
          role: 'owner',
          organizationId: owner.workspaceId,
          memberIdOrEmail: guest.email,
        },
        { cookie: owner.cookie },
      );
      expect(res.statusCode, path).toBe(404);
      expect(message(res)).toBe(MEMBERS_MESSAGES.authEndpointClosed);
    }
    expect((await members(owner)).invitations).toHaveLength(0);
  });

  it("refuses a negative or broken page of Better Auth's member list with a message, and serves a good one", async () => {
    const owner = await signInAsNewUser(t, { name: 'Owner' });
    for (const query of ['offset=-1', 'limit=-1', 'limit=1.5', 'offset=abc', 'limit=99999999999']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/organization/list-members?${query}`,
        headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      });
      expect(res.statusCode, query).toBe(400);
      expect(message(res), query).toBe(AUTH_MESSAGES.pageInvalid);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/organization/list-members?limit=10&offset=0',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().members).toHaveLength(1);
  });
});
