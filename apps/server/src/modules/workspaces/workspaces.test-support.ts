import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { cookieHeader, postJson, signIn, uniqueEmail } from '../../../test/auth-requests';
import { TEST_ORIGIN } from '../../../test/test-app';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

/** A new user signed in: their cookie, id and personal workspace. */
export async function signedInOwner(app: FastifyInstance, db: Db, name = 'Wanda Owner') {
  const email = uniqueEmail('wsm');
  const res = await postJson(app, '/api/auth/sign-up/email', { name, email, password: 'secret1' });
  expect(res.statusCode).toBe(200);
  const cookie = cookieHeader(await signIn(app, { email, password: 'secret1' }));
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const current = await app.inject({ method: 'GET', url: '/api/workspaces/current', headers: { cookie } });
  return { cookie, email, userId: user!.id, workspaceId: current.json().id as string };
}

/** A same-origin request with a JSON body, as the web app sends it. */
export function send(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  cookie: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: {
      cookie,
      origin: TEST_ORIGIN,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
  });
}

/** Creates a workspace through the API and switches the session to it; returns its id. */
export async function createAndSwitch(app: FastifyInstance, cookie: string, name: string): Promise<string> {
  const created = await send(app, 'POST', '/api/workspaces', cookie, { name });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as string;
  const switched = await send(app, 'POST', `/api/workspaces/${id}/switch`, cookie);
  expect(switched.statusCode).toBe(204);
  return id;
}
