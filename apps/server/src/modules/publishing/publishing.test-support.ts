import { randomUUID } from 'node:crypto';
import { NO_ENGAGEMENT } from '@relaycast/shared/engagement-capabilities';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { Post, PostInput } from '@relaycast/shared/posts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { jsonHeaders, type SignedInUser } from '../../../test/auth-requests';
import type { TestApp } from '../../../test/test-app';
import { posts, postTargets, socialAccounts } from '../../db/schema/index';
import { encryptSecret } from '../../lib/secrets';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import type { Connector, PublishedPost, PublishRequest } from '../../platforms/types';
import { connectViaOAuth } from '../accounts/accounts.test-support';
import type { PublishingOptions } from './publishing.plugin';

/** Shared by the publishing suites: accounts connected through the real OAuth flow, posts through the API. */

/** The app's publishing for the suites that drive the engine themselves: no workers, retries from 1 s, no sweep grace. */
export const DRIVEN_PUBLISHING: PublishingOptions = {
  runWorkers: false,
  engine: { retryBaseMs: 1_000, attemptTimeoutMs: 60_000 },
};

/** Connects a Mastodon account on the fake instance through the accounts API (start → consent → callback). */
export async function connectMastodon(t: TestApp, user: SignedInUser, fake: PlatformFake): Promise<string> {
  const before = await accountIds(t, user.workspaceId);
  const connected = await connectViaOAuth(t, user, {
    url: '/api/accounts/mastodon/start',
    body: { instanceUrl: fake.url },
  });
  expect(connected.result).toBe('connected');
  const after = await accountIds(t, user.workspaceId);
  const id = after.find((candidate) => !before.includes(candidate));
  if (!id) throw new Error('no account was connected');
  return id;
}

async function accountIds(t: TestApp, workspaceId: string): Promise<string[]> {
  const rows = await t.db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(eq(socialAccounts.workspaceId, workspaceId));
  return rows.map((row) => row.id);
}

/** A connected account row for a scripted connector (no platform behind it). */
export async function insertAccount(t: TestApp, workspaceId: string, platform: PlatformId): Promise<string> {
  const id = randomUUID();
  await t.db.insert(socialAccounts).values({
    id,
    workspaceId,
    platform,
    platformAccountId: `acct-${id.slice(0, 8)}`,
    handle: `scripted-${id.slice(0, 4)}`,
    status: 'connected',
    accessTokenEncrypted: encryptSecret('scripted-token', t.config.appSecret),
  });
  return id;
}

/**
 * A LinkedIn connector with no platform behind it, for the suites that script what publishing answers: `publish`
 * receives each request and answers (or throws) as the test says; `media` lets it take images and videos.
 * Put it in place with `registerConnector`, which returns the function that puts the real one back.
 */
export function scriptedConnector(
  publish: (request: PublishRequest) => Promise<PublishedPost>,
  options: { media?: boolean } = {},
): Connector {
  return {
    platform: 'linkedin',
    capabilities: {
      auth: 'oauth2',
      pkce: false,
      refresh: false,
      publishText: true,
      publishImages: options.media ?? false,
      publishVideo: options.media ?? false,
      mediaByUrl: false,
      listRecentPosts: false,
      engagement: NO_ENGAGEMENT,
      maxConcurrency: 2,
    },
    defaultUrls: { api: 'http://127.0.0.1:9/' },
    scopes: [],
    requiresClientCredentials: false,
    publish: (_ctx, _credentials, request) => publish(request),
  };
}

export async function createPost(t: TestApp, user: SignedInUser, input: PostInput): Promise<Post> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: jsonHeaders(user.cookie),
    payload: JSON.stringify(input),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function getPost(t: TestApp, user: SignedInUser, postId: string): Promise<Post> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/posts/${postId}`,
    headers: { cookie: user.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Makes a scheduled post's targets (and the post) due `msAgo` ago, as if the clock had moved on. */
export async function makeDue(t: TestApp, postId: string, msAgo = 1_000): Promise<void> {
  const at = new Date(Date.now() - msAgo);
  await t.db.update(posts).set({ scheduledAt: at }).where(eq(posts.id, postId));
  await t.db.update(postTargets).set({ dueAt: at }).where(eq(postTargets.postId, postId));
}

/** A post scheduled to the workspace's Mastodon account, then made due a second ago. */
export async function dueMastodonPost(t: TestApp, user: SignedInUser, content: string): Promise<Post> {
  const post = await createPost(t, user, {
    content,
    platforms: ['mastodon'],
    action: 'schedule',
    scheduledAt: inAnHour(),
  });
  await makeDue(t, post.id);
  return post;
}

export async function targetsOf(t: TestApp, postId: string) {
  return t.db.select().from(postTargets).where(eq(postTargets.postId, postId));
}

/** Waits until `check` holds, polling (a deadline, not a timing assertion). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function inAnHour(): string {
  const date = new Date(Date.now() + 3_600_000);
  date.setUTCSeconds(0, 0);
  return date.toISOString();
}
