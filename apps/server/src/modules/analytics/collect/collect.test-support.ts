import { randomUUID } from 'node:crypto';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { TestApp } from '../../../../test/test-app';
import { posts, postTargets } from '../../../db/schema/index';
import { connectorFor } from '../../../platforms/registry';
import { consent, fakeSettings } from '../../../platforms/testing/connector-kit';
import { s256 } from '../../../platforms/testing/oauth.fake';

/** Shared by the collector suites: a real sign-in on a platform fake, and published posts made directly. */

export async function signInOnFake(platform: PlatformId, fakeUrl: string) {
  const connector = connectorFor(platform);
  const ctx = { settings: fakeSettings(platform, fakeUrl) };
  const verifier = 'c'.repeat(64);
  const authorize = connector.authorizationUrl?.(ctx, {
    state: 'st',
    codeChallenge: connector.capabilities.pkce ? s256(verifier) : undefined,
    redirectUri: ctx.settings.redirectUri,
  });
  const { code } = await consent(authorize ?? '');
  const identity = await connector.exchangeCode?.(ctx, {
    code,
    codeVerifier: connector.capabilities.pkce ? verifier : undefined,
    redirectUri: ctx.settings.redirectUri,
  });
  if (!identity) throw new Error('no identity');
  return identity;
}

/**
 * `ageMs`, shortened when needed so that a post that old was still published today (UTC): tests that count
 * today's published posts then hold at any time of day (they failed in CI between 00:00 and 02:00 UTC).
 */
export function ageWithinToday(ageMs: number, now = Date.now()): number {
  const sinceMidnight = now % 86_400_000;
  return Math.max(1, Math.min(ageMs, Math.floor(sinceMidnight / 2)));
}

/** A post published on one account as `platformPostId`, `ageMs` ago; returns the target id. */
export async function insertPublished(
  t: TestApp,
  account: { id: string; workspaceId: string; platform: PlatformId },
  platformPostId: string,
  ageMs: number,
): Promise<string> {
  const postId = randomUUID();
  const targetId = randomUUID();
  const publishedAt = new Date(Date.now() - ageMs);
  await t.db.insert(posts).values({
    id: postId,
    workspaceId: account.workspaceId,
    content: `Post ${platformPostId}`,
    platforms: [account.platform],
    status: 'published',
  });
  await t.db.insert(postTargets).values({
    id: targetId,
    workspaceId: account.workspaceId,
    postId,
    platform: account.platform,
    accountId: account.id,
    status: 'published',
    platformPostId,
    publishedAt,
  });
  return targetId;
}
