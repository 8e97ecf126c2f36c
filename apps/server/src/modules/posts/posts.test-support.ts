import { randomUUID } from 'node:crypto';
import { mediaKindOf } from '@relaycast/shared/platforms';
import type { Post, PostInput } from '@relaycast/shared/posts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { cookieHeader, postJson, signIn, uniqueEmail } from '../../../test/auth-requests';
import { TEST_ORIGIN, type TestApp } from '../../../test/test-app';
import { mediaFiles, users, workspaceMembers } from '../../db/schema/index';

/** Shared by the posts suites: a signed-in user with a JSON client, and media rows made directly. */

export interface Member {
  cookie: string;
  userId: string;
  workspaceId: string;
  get(url: string): Promise<LightMyRequestResponse>;
  send(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  create(input: PostInput): Promise<LightMyRequestResponse>;
}

export async function signedInMember(t: TestApp, name = 'Ada Lovelace'): Promise<Member> {
  const email = uniqueEmail('posts');
  const res = await postJson(t.app, '/api/auth/sign-up/email', { name, email, password: 'secret1' });
  expect(res.statusCode).toBe(200);
  const cookie = cookieHeader(await signIn(t.app, { email, password: 'secret1' }));
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [membership] = await t.db
    .select({ workspaceId: workspaceMembers.organizationId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, user!.id));
  const send: Member['send'] = (method, url, body) =>
    t.app.inject({
      method,
      url,
      headers: {
        cookie,
        origin: TEST_ORIGIN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return {
    cookie,
    userId: user!.id,
    workspaceId: membership!.workspaceId,
    get: (url) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
    send,
    create: (input) => send('POST', '/api/posts', input),
  };
}

export async function insertMedia(
  t: TestApp,
  workspaceId: string,
  file: {
    name: string;
    mimeType: string;
    sizeBytes: number;
    durationSeconds?: number;
    thumbnailKey?: string;
    width?: number;
    height?: number;
    /** Who uploaded it (null: nobody known, as for a file older than the column). */
    uploadedBy?: string;
  },
): Promise<string> {
  const id = randomUUID();
  await t.db.insert(mediaFiles).values({
    id,
    workspaceId,
    name: file.name,
    mimeType: file.mimeType,
    kind: mediaKindOf(file.mimeType) ?? 'image',
    sizeBytes: file.sizeBytes,
    durationSeconds: file.durationSeconds ?? null,
    width: file.width ?? null,
    height: file.height ?? null,
    storageKey: `test/${id}`,
    thumbnailKey: file.thumbnailKey ?? null,
    uploadedBy: file.uploadedBy ?? null,
  });
  return id;
}

/** Creates a post through the API and returns it (the request must succeed). */
export async function created(member: Member, input: PostInput): Promise<Post> {
  const res = await member.create(input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** An ISO instant `hours` from now, on a whole minute. */
export function hoursFromNow(hours: number): string {
  const date = new Date(Date.now() + hours * 3_600_000);
  date.setUTCSeconds(0, 0);
  return date.toISOString();
}
