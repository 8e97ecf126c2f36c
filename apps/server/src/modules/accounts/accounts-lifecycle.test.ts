import { ACCOUNT_MESSAGES } from '@relaycast/shared/accounts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonHeaders, type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { emailOutbox, socialAccounts } from '../../db/schema/index';
import { decryptSecret } from '../../lib/secrets';
import { connectorFor, registerConnector } from '../../platforms/registry';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { startTwitterFake } from '../../platforms/twitter/twitter.fake';
import type { ConnectedIdentity } from '../../platforms/types';
import { createMailer } from '../mail/mailer';
import { createPost, getPost, inAnHour } from '../publishing/publishing.test-support';
import { readAccountForCall } from './account-call-context';
import {
  loadAccount,
  markNeedsReconnect,
  refreshAccount,
  tokenColumns,
  withFreshCredentials,
} from './account-credentials';
import { PlanLimitError, saveConnectedAccount } from './accounts.service';
import { connectViaOAuth, platformsConfig, setPlan, TEST_CLIENT } from './accounts.test-support';
import { runAccountsSweep } from './accounts-sweep';

let fake: PlatformFake;
let test: TestApp;
let user: SignedInUser;

const silentLog = { info() {}, warn() {}, error() {} } as unknown as Parameters<
  typeof createMailer
>[0]['log'];

beforeAll(async () => {
  // Short-lived tokens: every connected account is due for a refresh at once.
  fake = await startTwitterFake({ accessTokenTtlSeconds: 60 });
  test = await createTestApp({
    config: { platforms: platformsConfig({ twitter: { ...TEST_CLIENT, baseUrl: fake.url } }) },
  });
});
afterAll(async () => {
  await test.close();
  await fake.close();
});
beforeEach(async () => {
  user = await signInAsNewUser(test);
});

const START = { url: '/api/accounts/oauth/twitter/start' };
const mailer = () =>
  createMailer({ db: test.db, log: silentLog, smtpUrl: undefined, from: 'test@relaycast.local' });

async function connectTwitter(loginHint?: string) {
  const { result, screen } = await connectViaOAuth(test, user, START, { loginHint });
  expect(result).toBe('connected');
  const account = await loadAccount(test.db, user.workspaceId, screen.searchParams.get('account') ?? '');
  if (!account) throw new Error('not stored');
  return account;
}

/** Asks the fake who the token belongs to, the way a connector call would. */
async function whoAmI(accessToken: string) {
  const response = await fetch(`${fake.url}/2/users/me`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return response.status === 200 ? ((await response.json()) as { data: { id: string } }).data.id : null;
}

function identity(platformAccountId: string): ConnectedIdentity {
  return {
    tokens: { accessToken: `token-${platformAccountId}` },
    profile: { platformAccountId, handle: `@${platformAccountId}`, displayName: platformAccountId },
  };
}

describe('withFreshCredentials', () => {
  it('shares one read of the account among calls that start while it is in flight, and reads afresh after', async () => {
    const account = await connectTwitter();
    const first = readAccountForCall(test.db, account.id);
    expect(readAccountForCall(test.db, account.id)).toBe(first);
    const [row] = await first;
    expect(row?.account.id).toBe(account.id);
    await test.db.update(socialAccounts).set({ handle: 'renamed' }).where(eq(socialAccounts.id, account.id));
    const later = readAccountForCall(test.db, account.id);
    expect(later).not.toBe(first);
    expect((await later)[0]?.account.handle).toBe('renamed');
  });

  it('refreshes a token that expires within 5 minutes, keeps it encrypted, and the new token works', async () => {
    const account = await connectTwitter();
    const before = decryptSecret(account.accessTokenEncrypted ?? '', test.config.appSecret);
    const oldRefresh = decryptSecret(account.refreshTokenEncrypted ?? '', test.config.appSecret);
    const id = await withFreshCredentials(test.db, test.config, account.id, (credentials) =>
      whoAmI(credentials.accessToken),
    );
    expect(id).toBe(account.platformAccountId);
    const after = await loadAccount(test.db, user.workspaceId, account.id);
    const newAccess = decryptSecret(after?.accessTokenEncrypted ?? '', test.config.appSecret);
    const newRefresh = decryptSecret(after?.refreshTokenEncrypted ?? '', test.config.appSecret);
    expect(newAccess).not.toBe(before);
    expect(newRefresh).not.toBe(oldRefresh);
    expect(newRefresh).toMatch(/^rt-/);
    expect(JSON.stringify(after)).not.toContain(newAccess);
    expect(await whoAmI(newAccess)).toBe(account.platformAccountId);
  });

  it('refreshes a platform that renews the access token itself (no refresh token), keeping none', async () => {
    const real = connectorFor('threads');
    const seen: string[] = [];
    const restore = registerConnector({
      ...real,
      async refresh(_ctx, credentials) {
        seen.push(credentials.accessToken);
        return { accessToken: 'renewed-long-lived', expiresAt: new Date(Date.now() + 60 * 86_400_000) };
      },
    });
    try {
      const account = await saveConnectedAccount(test.db, test.config, {
        workspace: { id: user.workspaceId, plan: null },
        userId: user.userId,
        platform: 'threads',
        identity: {
          tokens: { accessToken: 'long-lived-1', expiresAt: new Date(Date.now() + 60_000) },
          profile: { platformAccountId: 'th-1', handle: 'threads_user', displayName: 'Threads User' },
        },
      });
      const token = await withFreshCredentials(test.db, test.config, account.id, async (c) => c.accessToken);
      expect(seen).toEqual(['long-lived-1']);
      expect(token).toBe('renewed-long-lived');
      const stored = await loadAccount(test.db, user.workspaceId, account.id);
      expect(stored?.refreshTokenEncrypted).toBeNull();
      expect(stored?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    } finally {
      restore();
    }
  });

  it('lets concurrent refreshes of one account share one platform call', async () => {
    const account = await connectTwitter();
    const tokenCalls = fake.server.received('POST', '/2/oauth2/token').length;
    const results = await Promise.all([1, 2, 3].map(() => refreshAccount(test.db, test.config, account)));
    expect(new Set(results.map((result) => result.accessTokenEncrypted)).size).toBe(1);
    expect(fake.server.received('POST', '/2/oauth2/token')).toHaveLength(tokenCalls + 1);
  });

  it('uses the stored tokens when its copy of the account is stale', async () => {
    const stale = await connectTwitter();
    const fresh = await refreshAccount(test.db, test.config, stale);
    const tokenCalls = fake.server.received('POST', '/2/oauth2/token').length;
    const second = await refreshAccount(test.db, test.config, stale);
    expect(second.refreshTokenEncrypted).toBe(fresh.refreshTokenEncrypted);
    expect(fake.server.received('POST', '/2/oauth2/token')).toHaveLength(tokenCalls);
  });

  it('does not lose a refresh token another process rotated during its own refresh', async () => {
    const account = await connectTwitter();
    const real = connectorFor('twitter');
    let rotatedByOther: string | undefined;
    const restore = registerConnector({
      ...real,
      async refresh(ctx, credentials) {
        // Another process wins the race: it refreshes with the same token and stores the rotated one first.
        const other = await real.refresh?.(ctx, credentials);
        if (!other) throw new Error('no refresh');
        rotatedByOther = other.refreshToken;
        await test.db
          .update(socialAccounts)
          .set(tokenColumns(other, test.config.appSecret, credentials))
          .where(eq(socialAccounts.id, account.id));
        // Ours then reaches X with the token X has just rotated away: refused.
        return real.refresh?.(ctx, credentials) as ReturnType<NonNullable<typeof real.refresh>>;
      },
    });
    try {
      const result = await refreshAccount(test.db, test.config, account);
      expect(result.status).toBe('connected');
    } finally {
      restore();
    }
    const stored = await loadAccount(test.db, user.workspaceId, account.id);
    expect(stored?.status).toBe('connected');
    expect(decryptSecret(stored?.refreshTokenEncrypted ?? '', test.config.appSecret)).toBe(rotatedByOther);
  });

  it('marks the account needs_reconnect when the refresh is refused, and e-mails the owner once', async () => {
    const account = await connectTwitter();
    fake.server.failNext(
      { method: 'POST', path: '/2/oauth2/token' },
      { status: 400, body: { error: 'invalid_grant', error_description: 'Refresh token revoked.' } },
    );
    await expect(
      withFreshCredentials(test.db, test.config, account.id, async () => 'never called'),
    ).rejects.toMatchObject({ kind: 'reauthorize' });
    const marked = await loadAccount(test.db, user.workspaceId, account.id);
    expect(marked?.status).toBe('needs_reconnect');
    expect(marked?.lastError).toBeTruthy();
    // The stored refresh token is kept (never replaced with nothing).
    expect(marked?.refreshTokenEncrypted).toBe(account.refreshTokenEncrypted);

    await runAccountsSweep(test.db, test.config, mailer());
    await runAccountsSweep(test.db, test.config, mailer());
    const mails = await test.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Reconnect your X (Twitter) account');
    expect(mails[0]?.textBody).toContain('http://localhost:3000/connected-accounts');

    const list = await test.app.inject({
      method: 'GET',
      url: '/api/accounts',
      headers: { cookie: user.cookie },
    });
    expect(list.json().accounts[0]).toMatchObject({ status: 'needs_reconnect' });
    // Posting through it now fails at once without calling the platform.
    await expect(
      withFreshCredentials(test.db, test.config, account.id, async () => 'never called'),
    ).rejects.toMatchObject({ kind: 'reauthorize' });

    // Reconnecting ends the episode; a later failure e-mails again.
    const restored = await connectTwitter(account.platformAccountId.replace(/^10/, ''));
    expect(restored.id).toBe(account.id);
    expect(restored.status).toBe('connected');
    await markNeedsReconnect(test.db, account.id, 'revoked again');
    await runAccountsSweep(test.db, test.config, mailer());
    expect(
      await test.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email)),
    ).toHaveLength(2);
  });

  it('marks the account when the call itself is refused with reauthorize', async () => {
    const account = await connectTwitter();
    await refreshAccount(test.db, test.config, account);
    const { PlatformError } = await import('../../platforms/types');
    await expect(
      withFreshCredentials(test.db, test.config, account.id, async () => {
        throw new PlatformError('reauthorize', 'Unauthorized', { status: 401 });
      }),
    ).rejects.toMatchObject({ kind: 'reauthorize' });
    expect((await loadAccount(test.db, user.workspaceId, account.id))?.status).toBe('needs_reconnect');
  });
});

describe('refresh sweep', () => {
  it('refreshes the tokens that expire within 15 minutes', async () => {
    const account = await connectTwitter();
    const summary = await runAccountsSweep(test.db, test.config, mailer());
    expect(summary.refreshed).toBeGreaterThanOrEqual(1);
    const after = await loadAccount(test.db, user.workspaceId, account.id);
    expect(after?.accessTokenEncrypted).not.toBe(account.accessTokenEncrypted);
    expect(after?.refreshClaimedUntil).toBeNull();
    expect(await whoAmI(decryptSecret(after?.accessTokenEncrypted ?? '', test.config.appSecret))).toBe(
      account.platformAccountId,
    );
  });
});

describe('POST /api/accounts/:id/refresh', () => {
  it('refreshes now and answers the account without tokens', async () => {
    const account = await connectTwitter();
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/accounts/${account.id}/refresh`,
      headers: jsonHeaders(user.cookie),
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: account.id, status: 'connected' });
    expect(response.body).not.toMatch(/"(at|rt)-[0-9a-f]+"/);
  });
});

describe('plan limits', () => {
  it('refuses a second X account on Standard (1 per platform) with nothing stored', async () => {
    await setPlan(test.db, user.workspaceId, 'standard');
    const first = await connectTwitter('one');
    const second = await connectViaOAuth(test, user, START, { loginHint: 'two' });
    expect(second.result).toBe('platform_limit');
    expect(second.screen.searchParams.get('plan')).toBe('standard');
    const rows = await test.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.workspaceId, user.workspaceId));
    expect(rows.map((row) => row.id)).toEqual([first.id]);
    // Reconnecting the one it has never counts twice.
    expect((await connectTwitter('one')).id).toBe(first.id);
  });

  it('refuses a fourth account on Standard with the limit and the plan in the message', async () => {
    await setPlan(test.db, user.workspaceId, 'standard');
    const workspace = { id: user.workspaceId, plan: 'standard' as const };
    for (const platform of ['bluesky', 'mastodon', 'linkedin'] as const) {
      await saveConnectedAccount(test.db, test.config, {
        workspace,
        userId: user.userId,
        platform,
        identity: identity(`${platform}-1`),
      });
    }
    const refused = saveConnectedAccount(test.db, test.config, {
      workspace,
      userId: user.userId,
      platform: 'threads',
      identity: identity('threads-1'),
    });
    await expect(refused).rejects.toBeInstanceOf(PlanLimitError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 403,
      message: ACCOUNT_MESSAGES.totalLimit(3, 'Standard'),
    });
    expect(ACCOUNT_MESSAGES.totalLimit(3, 'Standard')).toBe(
      'Your Standard plan allows 3 connected social accounts. Disconnect one or upgrade your plan.',
    );
  });

  it('lets only one of two concurrent connects take the last place', async () => {
    await setPlan(test.db, user.workspaceId, 'standard');
    const workspace = { id: user.workspaceId, plan: 'standard' as const };
    const results = await Promise.allSettled(
      ['race-a', 'race-b', 'race-c'].map((id) =>
        saveConnectedAccount(test.db, test.config, {
          workspace,
          userId: user.userId,
          platform: 'bluesky',
          identity: identity(id),
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rows = await test.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.workspaceId, user.workspaceId));
    expect(rows).toHaveLength(1);
  });
});

describe('disconnect', () => {
  it('removes the tokens, keeps the row, and reconnecting restores it', async () => {
    const account = await connectTwitter('keep');
    const response = await test.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${account.id}`,
      headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: account.id, status: 'disconnected' });
    const row = await loadAccount(test.db, user.workspaceId, account.id);
    expect(row).toMatchObject({
      status: 'disconnected',
      accessTokenEncrypted: null,
      refreshTokenEncrypted: null,
      secretsEncrypted: null,
    });
    await expect(
      withFreshCredentials(test.db, test.config, account.id, async () => 'never'),
    ).rejects.toMatchObject({ kind: 'reauthorize' });
    // A disconnected account holds no place against the plan.
    await setPlan(test.db, user.workspaceId, 'standard');
    const other = await connectTwitter('other');
    expect(other.id).not.toBe(account.id);
  });

  it('flags the account’s scheduled posts, and reconnecting puts them back on schedule', async () => {
    const account = await connectTwitter('scheduled');
    const post = await createPost(test, user, {
      content: 'Waiting for X',
      platforms: ['twitter'],
      accountIds: [account.id],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    expect(post.targets[0]?.status).toBe('scheduled');
    const response = await test.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${account.id}`,
      headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
    const flagged = await getPost(test, user, post.id);
    expect(flagged.targets[0]?.status).toBe('needs_reconnect');
    expect(flagged.targets[0]?.lastError).toBeTruthy();

    expect((await connectTwitter('scheduled')).id).toBe(account.id);
    expect((await getPost(test, user, post.id)).targets[0]?.status).toBe('scheduled');
  });

  it('answers 404 for another workspace’s account and changes nothing', async () => {
    const account = await connectTwitter();
    const stranger = await signInAsNewUser(test, { name: 'Mallory' });
    for (const [method, url] of [
      ['DELETE', `/api/accounts/${account.id}`],
      ['POST', `/api/accounts/${account.id}/refresh`],
    ] as const) {
      const response = await test.app.inject({
        method,
        url,
        headers: { cookie: stranger.cookie, origin: 'http://localhost:3000' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.notFound);
    }
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/accounts',
      headers: { cookie: stranger.cookie },
    });
    expect(list.json().accounts).toEqual([]);
    expect(await loadAccount(test.db, stranger.workspaceId, account.id)).toBeNull();
    const unchanged = await loadAccount(test.db, user.workspaceId, account.id);
    expect(unchanged?.status).toBe('connected');
    expect(unchanged?.accessTokenEncrypted).toBe(account.accessTokenEncrypted);
  });
});
