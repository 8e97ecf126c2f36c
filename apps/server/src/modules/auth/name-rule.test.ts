/**
 * One name rule everywhere a person names something (packages/shared/src/names.ts, decision 0060): sign-up,
 * Better Auth's update-user, workspaces (ours and Better Auth's organization endpoints) and the contact form
 * refuse a line break, a NUL and a text-direction override; nothing is stored.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signInAsNewUser, signUp, uniqueEmail } from '../../../test/auth-requests';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../test/test-app';
import { users, workspaces } from '../../db/schema/index';

let t: TestApp;
let cookie: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie, userId } = await signInAsNewUser(t, { name: 'Nora Namer' }));
});
afterAll(() => t.close());

const BAD_NAMES = [
  ['a line feed', 'Eve\nhttps://evil.example'],
  ['a carriage return', 'Eve\r\nBcc: all@example.com'],
  ['NUL', 'Eve\u0000'],
  ['a right-to-left override', 'Eve\u202egnp.exe'],
  ['a web address', 'Eve https://evil.example'],
] as const;

function send(method: 'POST' | 'PATCH', url: string, body: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

describe.each(BAD_NAMES)('a name with %s', (_label, name) => {
  it('is refused at sign-up', async () => {
    const email = uniqueEmail('bad');
    expect((await signUp(t.app, { name, email, password: 'secret-password' })).statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('is refused by Better Auth’s update-user', async () => {
    expect((await send('POST', '/api/auth/update-user', { name })).statusCode).toBe(400);
    const [user] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    expect(user?.name).toBe('Nora Namer');
  });

  it('is refused for a workspace, created or renamed, and by Better Auth’s organization endpoints', async () => {
    expect((await send('POST', '/api/workspaces', { name })).statusCode).toBe(400);
    expect((await send('PATCH', '/api/workspaces/current', { name })).statusCode).toBe(400);
    const organization = await send('POST', '/api/auth/organization/create', { name, slug: 'bad-name-ws' });
    expect(organization.statusCode).toBe(400);
    expect(await t.db.select().from(workspaces).where(like(workspaces.name, 'Eve%'))).toHaveLength(0);
  });

  it('is refused by the contact form', async () => {
    const res = await postJson(t.app, '/api/contact', {
      name,
      email: 'someone@example.com',
      message: 'A message long enough to be sent.',
    });
    expect(res.statusCode).toBe(400);
  });
});

it('accepts an ordinary name with accents and emoji everywhere', async () => {
  expect((await send('POST', '/api/auth/update-user', { name: 'Zoë O’Brien 🎙️' })).statusCode).toBe(200);
  expect((await send('PATCH', '/api/workspaces/current', { name: 'Zoë’s Studio 🎙️' })).statusCode).toBe(200);
});
