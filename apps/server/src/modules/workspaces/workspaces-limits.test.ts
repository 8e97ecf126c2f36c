import { ACCOUNT_MESSAGES } from '@relaycast/shared/accounts';
import { findPlan } from '@relaycast/shared/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mediaFiles, socialAccounts, workspaceMembers, workspaces } from '../../db/schema/index';
import type { ConnectedIdentity } from '../../platforms/types';
import { PlanLimitError, saveConnectedAccount } from '../accounts/accounts.service';
import { setWorkspacePlan } from '../billing/plan-change';
import { storageUsedBytes } from '../media/media.service';
import { type MediaFixtures, makeMediaFixtures, uploadFile } from '../media/media.test-support';
import { createAndSwitch } from './workspaces.test-support';

const STANDARD = findPlan('standard')!;
let t: TestApp;
let fx: MediaFixtures;
beforeAll(async () => {
  t = await createTestApp();
  fx = makeMediaFixtures();
});
afterAll(async () => {
  fx.cleanup();
  await t.close();
});

function identity(platformAccountId: string): ConnectedIdentity {
  return {
    tokens: { accessToken: `token-${platformAccountId}` },
    profile: { platformAccountId, handle: `@${platformAccountId}`, displayName: platformAccountId },
  };
}

function connect(
  workspaceId: string,
  userId: string,
  platform: 'bluesky' | 'mastodon' | 'linkedin' | 'threads',
) {
  return saveConnectedAccount(t.db, t.config, {
    workspace: { id: workspaceId, plan: null },
    userId,
    platform,
    identity: identity(`${platform}-${workspaceId}`),
  });
}

async function fillStorage(workspaceId: string, bytes: number) {
  const id = `filler-${Math.random().toString(36).slice(2)}`;
  await t.db.insert(mediaFiles).values({
    id,
    workspaceId,
    name: 'filler.mp4',
    mimeType: 'video/mp4',
    kind: 'video',
    sizeBytes: bytes,
    storageKey: `${workspaceId}/${id}.mp4`,
  });
}

describe('plan limits across the workspaces one owner owns', () => {
  it('counts connected accounts (total and per platform) across both workspaces', async () => {
    const owner = await signInAsNewUser(t);
    const second = await createAndSwitch(owner, 'Brand B');
    await connect(owner.workspaceId, owner.userId, 'bluesky');
    await connect(owner.workspaceId, owner.userId, 'mastodon');

    // Bluesky is already used once in the first workspace: Standard allows one per platform, across them.
    const samePlatform = connect(second, owner.userId, 'bluesky');
    await expect(samePlatform).rejects.toBeInstanceOf(PlanLimitError);
    await expect(samePlatform).rejects.toMatchObject({
      message: ACCOUNT_MESSAGES.perPlatformLimit(1, 'Standard', 'Bluesky'),
    });

    await connect(second, owner.userId, 'linkedin');
    const fourth = connect(second, owner.userId, 'threads');
    await expect(fourth).rejects.toMatchObject({ message: ACCOUNT_MESSAGES.totalLimit(3, 'Standard') });
    const inSecond = await t.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, second));
    expect(inSecond.map((row) => row.platform)).toEqual(['linkedin']);

    // The usage page and the connect page show the figures of both workspaces.
    const usage = await owner.send('GET', '/api/workspaces/current/usage');
    expect(usage.json().accounts).toMatchObject({ used: 3, limit: 3, fullestPlatformUsed: 1 });
    const platforms = await owner.send('GET', '/api/accounts/platforms');
    expect(platforms.statusCode).toBe(200);
    expect(platforms.json().limits.used).toBe(3);

    // Another owner's workspaces count on their own.
    const stranger = await signInAsNewUser(t);
    await expect(connect(stranger.workspaceId, stranger.userId, 'bluesky')).resolves.toMatchObject({
      platform: 'bluesky',
    });
  });

  it('does not count a workspace the user only belongs to (its owner pays for it)', async () => {
    const payer = await signInAsNewUser(t);
    const member = await signInAsNewUser(t);
    await t.db.insert(workspaceMembers).values({
      id: `m-${member.userId}`,
      organizationId: payer.workspaceId,
      userId: member.userId,
      role: 'admin',
    });
    await connect(payer.workspaceId, member.userId, 'bluesky');
    await expect(connect(member.workspaceId, member.userId, 'bluesky')).resolves.toBeTruthy();
  });

  it('counts storage across both workspaces: an upload refused in one when the other filled the quota', async () => {
    const owner = await signInAsNewUser(t);
    await fillStorage(owner.workspaceId, STANDARD.storageBytes - 10);
    const second = await createAndSwitch(owner, 'Media B');
    expect(await storageUsedBytes(t.db, second)).toBe(STANDARD.storageBytes - 10);

    const upload = await uploadFile(t.app, owner.cookie, 'b.png', fx.png);
    expect(upload.statusCode).toBe(409);
    expect(upload.json().code).toBe('STORAGE_FULL');
    expect(await t.db.select().from(mediaFiles).where(eq(mediaFiles.workspaceId, second))).toEqual([]);

    const usage = await owner.send('GET', '/api/workspaces/current/usage');
    expect(usage.json().storage.usedBytes).toBe(STANDARD.storageBytes - 10);
  });

  it('leaves a generated demo workspace out of the count', async () => {
    const owner = await signInAsNewUser(t);
    const demo = await createAndSwitch(owner, 'Pretend demo');
    await t.db.update(workspaces).set({ isDemo: true }).where(eq(workspaces.id, demo));
    await fillStorage(demo, STANDARD.storageBytes);
    expect(await storageUsedBytes(t.db, owner.workspaceId)).toBe(0);
  });

  it('gives a plan set on one workspace to every workspace of the same owner, not to one with its own subscription', async () => {
    const owner = await signInAsNewUser(t);
    const second = await createAndSwitch(owner, 'Second brand');
    const paidApart = await createAndSwitch(owner, 'Paid apart');
    await t.db
      .update(workspaces)
      .set({ plan: 'standard', stripeSubscriptionId: 'sub_apart' })
      .where(eq(workspaces.id, paidApart));
    const stranger = await signInAsNewUser(t);
    await setWorkspacePlan(t.db, owner.workspaceId, 'premium');
    const planOf = async (id: string) =>
      (await t.db.select({ plan: workspaces.plan }).from(workspaces).where(eq(workspaces.id, id)))[0]?.plan;
    expect(await planOf(owner.workspaceId)).toBe('premium');
    expect(await planOf(second)).toBe('premium');
    expect(await planOf(paidApart)).toBe('standard');
    expect(await planOf(stranger.workspaceId)).toBeNull();
  });
});
