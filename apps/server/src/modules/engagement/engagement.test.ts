import { ENGAGEMENT_MESSAGES } from '@relaycast/shared/engagement';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { engagementActions, inboxItems } from '../../db/schema/index';
import { PlatformError } from '../../platforms/types';
import { insertAccount, insertItem, installScriptedConnector } from './engagement.test-support';

let t: TestApp;
let ada: SignedInUser;
let bob: SignedInUser;
let adaAccount: { id: string; workspaceId: string; platform: string };
let adaItem: string;
let bobItem: string;
let twitter: ReturnType<typeof installScriptedConnector>;

beforeAll(async () => {
  t = await createTestApp();
  twitter = installScriptedConnector('twitter');
  ada = await signInAsNewUser(t, { name: 'Ada' });
  bob = await signInAsNewUser(t, { name: 'Bob' });
  adaAccount = {
    id: await insertAccount(t, ada.workspaceId, 'twitter'),
    workspaceId: ada.workspaceId,
    platform: 'twitter',
  };
  adaItem = await insertItem(t, adaAccount, { text: 'Love this launch' });
  const bobAccount = {
    id: await insertAccount(t, bob.workspaceId, 'twitter'),
    workspaceId: bob.workspaceId,
    platform: 'twitter',
  };
  bobItem = await insertItem(t, bobAccount, { text: "Bob's fan" });
});
afterAll(async () => {
  twitter.restore();
  await t.close();
});

function act(member: SignedInUser, body: Record<string, unknown>) {
  return member.send('POST', '/api/engagement/actions', body);
}

async function actionsOf(userId: string) {
  const [row] = await t.db
    .select({ total: count() })
    .from(engagementActions)
    .where(eq(engagementActions.userId, userId));
  return row?.total ?? 0;
}

describe('validation', () => {
  const cases: [string, (m: SignedInUser) => Record<string, unknown>, string][] = [
    ['no user id', () => ({ action: 'like', platform: 'twitter', itemId: 'x' }), 'User ID is required'],
    ['an empty user id', () => ({ userId: ' ', action: 'like', platform: 'twitter' }), 'User ID is required'],
    [
      'a comment without content',
      (m) => ({ userId: m.userId, action: 'comment', platform: 'twitter', content: '  ' }),
      'Comment content is required',
    ],
    [
      'a dm without content',
      (m) => ({ userId: m.userId, action: 'dm', platform: 'instagram' }),
      'DM content is required',
    ],
    [
      'an unknown platform',
      (m) => ({ userId: m.userId, action: 'like', platform: 'myspace' }),
      'Unsupported platform',
    ],
    [
      'an unknown action',
      (m) => ({ userId: m.userId, action: 'share', platform: 'facebook' }),
      'Unsupported action for facebook',
    ],
    [
      'an action the platform does not allow',
      (m) => ({ userId: m.userId, action: 'like', platform: 'instagram' }),
      'Unsupported action for instagram',
    ],
  ];
  it.each(cases)(
    'refuses %s with 400 and the exact message, recording and sending nothing',
    async (_, body, message) => {
      const before = twitter.calls.length;
      const res = await act(ada, { ...body(ada), itemId: adaItem });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await actionsOf(ada.userId)).toBe(0);
      expect(twitter.calls.length).toBe(before);
    },
  );

  it('refuses to act as another user (403) and without an item (400), recording nothing', async () => {
    const other = await act(ada, {
      userId: bob.userId,
      action: 'like',
      platform: 'twitter',
      itemId: adaItem,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(ENGAGEMENT_MESSAGES.notYourUser);
    const noItem = await act(ada, { userId: ada.userId, action: 'like', platform: 'twitter' });
    expect(noItem.statusCode).toBe(400);
    expect(noItem.json().message).toBe(ENGAGEMENT_MESSAGES.itemRequired);
    expect(await actionsOf(ada.userId)).toBe(0);
  });
});

describe('workspace isolation', () => {
  it("keeps another workspace's items out of the inbox and refuses to act on them", async () => {
    const list = await bob.get('/api/engagement/inbox');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([bobItem]);

    const before = twitter.calls.length;
    const like = await act(bob, { userId: bob.userId, action: 'like', platform: 'twitter', itemId: adaItem });
    expect(like.statusCode).toBe(404);
    expect(like.json().message).toBe(ENGAGEMENT_MESSAGES.itemNotFound);
    const done = await bob.send('POST', `/api/engagement/inbox/${adaItem}/done`);
    expect(done.statusCode).toBe(404);
    expect(twitter.calls.length).toBe(before);
    const [item] = await t.db.select().from(inboxItems).where(eq(inboxItems.id, adaItem));
    expect(item?.status).toBe('unanswered');
  });
});

describe('actions', () => {
  it('replies through the connector with the account token, records it sent and marks the item answered', async () => {
    const res = await act(ada, {
      userId: ada.userId,
      action: 'comment',
      platform: 'twitter',
      content: 'Thank you!',
      itemId: adaItem,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Posted reply on Twitter');
    expect(res.json().record).toMatchObject({ action: 'comment', outcome: 'sent', content: 'Thank you!' });
    const call = twitter.calls.at(-1)!;
    expect(call).toMatchObject({
      operation: 'reply',
      text: 'Thank you!',
      accessToken: `token-${adaAccount.id}`,
    });
    expect(call.target.platformItemId).toMatch(/^item-/);

    const inbox = (await ada.get('/api/engagement/inbox')).json().items;
    expect(inbox[0]).toMatchObject({ id: adaItem, status: 'answered' });
    expect(inbox[0].firstReplyAt).not.toBeNull();

    const done = await ada.send('POST', `/api/engagement/inbox/${adaItem}/done`);
    expect(done.json().status).toBe('done');
    expect((await ada.get('/api/engagement/inbox?status=unanswered')).json().items).toEqual([]);
    expect((await ada.get('/api/engagement/inbox?status=done')).json().items).toHaveLength(1);
  });

  it('gives the exact toasts for like and dm', async () => {
    const like = await act(ada, { userId: ada.userId, action: 'like', platform: 'twitter', itemId: adaItem });
    expect(like.json().message).toBe('Liked tweet');
    const dm = await act(ada, {
      userId: ada.userId,
      action: 'dm',
      platform: 'twitter',
      content: 'Hi there',
      itemId: adaItem,
    });
    expect(dm.json().message).toBe('Sent DM on Twitter');
    expect(twitter.calls.at(-1)).toMatchObject({ operation: 'message', text: 'Hi there' });
  });

  it("records a platform refusal as failed with the platform's reason, outside the limit", async () => {
    const carol = await signInAsNewUser(t, { name: 'Carol' });
    const account = {
      id: await insertAccount(t, carol.workspaceId, 'twitter'),
      workspaceId: carol.workspaceId,
      platform: 'twitter',
    };
    const item = await insertItem(t, account);
    // 59 sent likes in the last hour, then a failure: the next like is still the 60th and accepted.
    await t.db.insert(engagementActions).values(
      Array.from({ length: 59 }, (_, i) => ({
        id: `carol-${i}`,
        workspaceId: carol.workspaceId,
        userId: carol.userId,
        action: 'like' as const,
        platform: 'twitter',
        outcome: 'sent' as const,
        timestamp: new Date(Date.now() - 30 * 60_000),
      })),
    );
    twitter.state.failWith = new PlatformError('refuse', 'You have already liked this Tweet.');
    const failed = await act(carol, {
      userId: carol.userId,
      action: 'like',
      platform: 'twitter',
      itemId: item,
    });
    twitter.state.failWith = undefined;
    expect(failed.statusCode).toBe(422);
    expect(failed.json().message).toContain('You have already liked this Tweet.');
    const [row] = await t.db
      .select()
      .from(engagementActions)
      .where(and(eq(engagementActions.userId, carol.userId), eq(engagementActions.outcome, 'failed')));
    expect(row?.failureReason).toBe('You have already liked this Tweet.');

    const sixtieth = await act(carol, {
      userId: carol.userId,
      action: 'like',
      platform: 'twitter',
      itemId: item,
    });
    expect(sixtieth.statusCode).toBe(201);
  });
});

describe('hourly limits', () => {
  async function memberWithItem(name: string) {
    const member = await signInAsNewUser(t, { name });
    const account = {
      id: await insertAccount(t, member.workspaceId, 'twitter'),
      workspaceId: member.workspaceId,
      platform: 'twitter',
    };
    return { member, item: await insertItem(t, account) };
  }

  async function fill(
    member: SignedInUser,
    action: 'like' | 'comment' | 'dm',
    n: number,
    minutesAgo: number,
  ) {
    await t.db.insert(engagementActions).values(
      Array.from({ length: n }, (_, i) => ({
        id: `${member.userId}-${action}-${minutesAgo}-${i}`,
        workspaceId: member.workspaceId,
        userId: member.userId,
        action,
        platform: 'twitter',
        content: action === 'like' ? null : 'hi',
        outcome: 'sent' as const,
        timestamp: new Date(Date.now() - minutesAgo * 60_000 - i),
      })),
    );
  }

  it.each([
    ['like', 60],
    ['comment', 30],
    ['dm', 20],
  ] as const)(
    'accepts the %s number %i in an hour and refuses the next with 429 and Retry-After',
    async (action, limit) => {
      const { member, item } = await memberWithItem(`Limit ${action}`);
      await fill(member, action, limit - 1, 20);
      const body = { userId: member.userId, action, platform: 'twitter', content: 'Thanks', itemId: item };
      const last = await act(member, body);
      expect(last.statusCode).toBe(201);
      const refused = await act(member, body);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(`Rate limit exceeded for ${action}`);
      // The oldest counted action was 20 minutes ago: it leaves the window in about 40 minutes.
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(39 * 60);
      expect(retryAfter).toBeLessThanOrEqual(40 * 60);
      expect(await actionsOf(member.userId)).toBe(limit);
    },
  );

  it('rolls: actions older than an hour no longer count', async () => {
    const { member, item } = await memberWithItem('Rolling');
    await fill(member, 'dm', 20, 61);
    const res = await act(member, {
      userId: member.userId,
      action: 'dm',
      platform: 'twitter',
      content: 'Hi',
      itemId: item,
    });
    expect(res.statusCode).toBe(201);
    await fill(member, 'dm', 19, 59);
    const refused = await act(member, {
      userId: member.userId,
      action: 'dm',
      platform: 'twitter',
      content: 'Hi',
      itemId: item,
    });
    expect(refused.statusCode).toBe(429);
  });

  it('counts each action separately: a full like budget leaves comments free', async () => {
    const { member, item } = await memberWithItem('Separate');
    await fill(member, 'like', 60, 5);
    const like = await act(member, {
      userId: member.userId,
      action: 'like',
      platform: 'twitter',
      itemId: item,
    });
    expect(like.statusCode).toBe(429);
    const comment = await act(member, {
      userId: member.userId,
      action: 'comment',
      platform: 'twitter',
      content: 'Still here',
      itemId: item,
    });
    expect(comment.statusCode).toBe(201);
  });

  it('lets exactly 60 of 100 concurrent likes through', async () => {
    const { member, item } = await memberWithItem('Burst');
    const body = { userId: member.userId, action: 'like', platform: 'twitter', itemId: item };
    const results = await Promise.all(Array.from({ length: 100 }, () => act(member, body)));
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    expect(await actionsOf(member.userId)).toBe(60);
  });
});

describe('metrics', () => {
  it('says there is nothing to compute from when the workspace has no inbound items', async () => {
    const empty = await signInAsNewUser(t, { name: 'Empty' });
    const res = await empty.get('/api/engagement/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      periodDays: 30,
      likes: 0,
      comments: 0,
      commentsReceived: 0,
      commentsUnanswered: 0,
      dms: 0,
      inboundItems: 0,
      responseRate: null,
      avgResponseTime: null,
    });
  });

  it('computes counts, response rate and mean response time from known data, over the chosen period', async () => {
    const dora = await signInAsNewUser(t, { name: 'Dora' });
    const account = {
      id: await insertAccount(t, dora.workspaceId, 'mastodon'),
      workspaceId: dora.workspaceId,
      platform: 'mastodon',
    };
    const day = 24 * 60 * 60_000;
    const base = Date.now() - 2 * day;
    // Four items in the last 30 days, three answered after 10, 20 and 30 minutes; one 40 days ago (outside).
    for (const [offset, replyMinutes] of [
      [0, 10],
      [1, 20],
      [2, 30],
      [3, null],
    ] as const) {
      const arrivedAt = new Date(base + offset * 60 * 60_000);
      await insertItem(t, account, {
        arrivedAt,
        firstReplyAt: replyMinutes === null ? null : new Date(arrivedAt.getTime() + replyMinutes * 60_000),
        status: replyMinutes === null ? 'unanswered' : 'answered',
      });
    }
    await insertItem(t, account, { arrivedAt: new Date(Date.now() - 40 * day) });
    const actions = [
      ['like', 'sent', 1],
      ['like', 'sent', 3],
      ['like', 'failed', 1],
      ['comment', 'sent', 2],
      ['dm', 'sent', 5],
      ['like', 'sent', 45],
    ] as const;
    await t.db.insert(engagementActions).values(
      actions.map(([action, outcome, daysAgo], i) => ({
        id: `dora-${i}`,
        workspaceId: dora.workspaceId,
        userId: dora.userId,
        action,
        platform: 'mastodon',
        outcome,
        timestamp: new Date(Date.now() - daysAgo * day),
      })),
    );

    const month = (await dora.get('/api/engagement/metrics')).json();
    expect(month).toEqual({
      periodDays: 30,
      likes: 2,
      comments: 1,
      // The four items are comments; the one without a reply waits.
      commentsReceived: 4,
      commentsUnanswered: 1,
      dms: 1,
      inboundItems: 4,
      responseRate: 75,
      avgResponseTime: 20,
    });
    const week = (await dora.get('/api/engagement/metrics?days=90')).json();
    expect(week).toMatchObject({ likes: 3, inboundItems: 5, responseRate: 60 });
    const bad = await dora.get('/api/engagement/metrics?days=0');
    expect(bad.statusCode).toBe(400);
  });
});
