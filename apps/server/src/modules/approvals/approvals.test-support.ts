import type { PostInput } from '@relaycast/shared/posts';
import { expect } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { linkInMailTo } from '../../../test/outbox';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { platformsConfig } from '../accounts/accounts.test-support';
import { connectMastodon } from '../publishing/publishing.test-support';

/** Shared by the approvals suites: an owner with a Mastodon account on the fake, and members who joined. */

export interface Setup {
  t: TestApp;
  fake: PlatformFake;
  owner: SignedInUser;
  accountId: string;
  close(): Promise<void>;
}

export async function setUp(): Promise<Setup> {
  const fake = await startMastodonFake();
  const t = await createTestApp({
    config: { platforms: platformsConfig({ mastodon: { baseUrl: fake.url } }), allowPrivateAddresses: true },
    publishing: {
      runWorkers: false,
      engine: { retryBaseMs: 1_000, attemptTimeoutMs: 60_000 },
    },
  });
  await t.app.ready();
  const owner = await signInAsNewUser(t, { name: 'Olive Owner' });
  const accountId = await connectMastodon(t, owner, fake);
  return {
    t,
    fake,
    owner,
    accountId,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/** Someone who accepted the owner's invitation with `role` and now works in the owner's workspace. */
export async function joined(
  s: Pick<Setup, 't' | 'owner'>,
  role: string,
  name: string,
): Promise<SignedInUser> {
  const someone = await signInAsNewUser(s.t, { name });
  const invited = await s.owner.send('POST', '/api/workspaces/current/invitations', {
    email: someone.email,
    role,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const token = (await linkInMailTo(s.t.db, someone.email.toLowerCase())).pathname.split('/').pop()!;
  const accepted = await someone.send('POST', `/api/invitations/${token}/accept`, {});
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { ...someone, workspaceId: s.owner.workspaceId };
}

export function inHours(hours: number): string {
  const date = new Date(Date.now() + hours * 3_600_000);
  date.setUTCSeconds(0, 0);
  return date.toISOString();
}

export function scheduleInput(content: string, hours = 2): PostInput {
  return { content, platforms: ['mastodon'], action: 'schedule', scheduledAt: inHours(hours) };
}
