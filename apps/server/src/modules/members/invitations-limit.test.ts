/**
 * How many invitation e-mails a workspace sends, and what they say about the inviter (decision 0060): an attack
 * run sent 60 invitations in a row, from a display name holding line breaks and a link.
 */
import { INVITATIONS_PER_HOUR, MEMBERS_MESSAGES } from '@relaycast/shared/members';
import { fillMessage } from '@relaycast/shared/messages';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser, uniqueEmail } from '../../../test/auth-requests';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../test/test-app';
import { emailOutbox, users, workspaceInvitations, workspaces } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BASE = '/api/workspaces/current';

function post(who: { cookie: string }, url: string, body?: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(body ?? {}),
  });
}

const invite = (who: { cookie: string }, email = uniqueEmail('guest')) =>
  post(who, `${BASE}/invitations`, { email, role: 'viewer' });

describe('invitations per workspace and hour', () => {
  it(`refuses the ${INVITATIONS_PER_HOUR + 1}st invitation of an hour with the wait, and sends again once the hour has passed`, async () => {
    const ada = await signInAsNewUser(t, { name: 'Owner' });
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) expect((await invite(ada)).statusCode).toBe(201);
    const refused = await invite(ada);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(fillMessage(MEMBERS_MESSAGES.tooManyInvitations, { minutes: 60 }));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    // Another workspace is not held back.
    expect((await invite(await signInAsNewUser(t, { name: 'Owner' }))).statusCode).toBe(201);
    // An hour later (the invitations moved back in time), the workspace may invite again.
    const anHourAgo = new Date(Date.now() - 61 * 60 * 1000);
    await t.db
      .update(workspaceInvitations)
      .set({ createdAt: anHourAgo, expiresAt: new Date(anHourAgo.getTime() + 7 * 24 * 60 * 60 * 1000) })
      .where(eq(workspaceInvitations.organizationId, ada.workspaceId));
    expect((await invite(ada)).statusCode).toBe(201);
  });

  it('counts re-sent invitations, and refuses re-sending one sooner than a few minutes after the last', async () => {
    const ada = await signInAsNewUser(t, { name: 'Owner' });
    const first = await invite(ada);
    const id = first.json().id as string;
    const tooSoon = await post(ada, `${BASE}/invitations/${id}/resend`);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe(MEMBERS_MESSAGES.resentTooSoon);
    // Sent a day ago: it may be re-sent, and the re-send counts toward the hour.
    const aDayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await t.db
      .update(workspaceInvitations)
      .set({ createdAt: aDayAgo, expiresAt: new Date(aDayAgo.getTime() + 7 * 24 * 60 * 60 * 1000) })
      .where(eq(workspaceInvitations.id, id));
    expect((await post(ada, `${BASE}/invitations/${id}/resend`)).statusCode).toBe(200);
    for (let i = 1; i < INVITATIONS_PER_HOUR; i++) expect((await invite(ada)).statusCode).toBe(201);
    expect((await invite(ada)).statusCode).toBe(429);
  });

  it('refuses the invitations over the limit when they are sent at once', async () => {
    const ada = await signInAsNewUser(t, { name: 'Owner' });
    const answers = await Promise.all(
      Array.from({ length: INVITATIONS_PER_HOUR + 5 }, () => invite(ada).then((res) => res.statusCode)),
    );
    expect(answers.filter((status) => status === 201)).toHaveLength(INVITATIONS_PER_HOUR);
    expect(answers.filter((status) => status === 429)).toHaveLength(5);
  });
});

describe('the invitation e-mail', () => {
  it('puts an inviter and a workspace named before the name rule on one line, with no link of theirs', async () => {
    const eve = await signInAsNewUser(t, { name: 'Owner' });
    await t.db
      .update(users)
      .set({ name: 'Eve\r\nBcc: everyone@example.com\n\nClaim your prize: https://evil.example/win' })
      .where(eq(users.id, eve.userId));
    await t.db
      .update(workspaces)
      .set({ name: 'Team\u202eevil\nwww.evil.example' })
      .where(eq(workspaces.id, eve.workspaceId));
    const to = uniqueEmail('victim');
    expect((await invite(eve, to)).statusCode).toBe(201);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, to))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    expect(mail?.subject).toBe(
      'Eve Bcc: everyone@example.com Claim your prize: https[:]//evil.example/win invited you to Team evil www[.]evil.example on Relaycast',
    );
    expect(mail?.subject).not.toMatch(/[\r\n\u202e]/);
    expect(mail?.textBody).not.toContain('https://evil.example');
    expect(mail?.textBody).not.toContain('www.evil.example');
    expect(mail?.textBody.split('\n').filter((line) => line.includes('Bcc'))).toHaveLength(1);
  });
});
