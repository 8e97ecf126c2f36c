/**
 * A feed's AI rewrite (docs/feeds.md, "AI rewrite") against the local OpenAI-compatible fake: the item's post is the
 * provider's text with the item's link kept, the request is counted in the workspace's AI history, and whatever
 * goes wrong (the provider's error, an answer that never fits, the hourly limit) leaves the item posted with the
 * template's text and the reason on the item and the feed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AI_MESSAGES } from '@relaycast/shared/ai';
import { FEED_MESSAGES } from '@relaycast/shared/feeds';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAiProvider, startFakeAiProvider } from '../../../../../scripts/ai-provider.fake.mjs';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { aiGenerations, feedItems, posts } from '../../db/schema/index';
import { addressPolicy } from '../../lib/address-policy';
import { createFeed, findFeed } from './feeds.service';
import { feedPollDepsOf } from './feeds.test-support';
import { pollFeed } from './feeds-poll';

let site: http.Server;
let base: string;
let fake: FakeAiProvider;
let t: TestApp;
let ada: SignedInUser;
/** Each feed's newest item, by its file name. */
const newest = new Map<string, string>();

function rss(guid: string): string {
  return (
    `<?xml version="1.0"?><rss version="2.0"><channel><title>Roastery news</title><item><title>${guid} is in</title>` +
    `<link>https://blog.example/${guid}</link><guid>${guid}</guid>` +
    '<description><![CDATA[<p>A washed Ethiopian with notes of jasmine.</p>]]></description></item></channel></rss>'
  );
}

beforeAll(async () => {
  site = http.createServer((request, response) => {
    const guid = newest.get((request.url ?? '').slice(1));
    if (guid) response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss(guid));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  fake = await startFakeAiProvider();
  t = await createTestApp({
    config: {
      ai: {
        provider: 'openai-compatible',
        baseUrl: fake.baseUrl,
        model: 'fake-model',
        apiKey: 'sk-feed',
        timeoutMs: 5_000,
        hourlyLimit: 4,
      },
    },
  });
  ada = await signInAsNewUser(t, { name: 'Ada Feeds' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

beforeEach(() => fake.reset());

/** A feed of one item with the rewrite on, polled once: its item row and post. */
async function rewriteOnce(guid: string, instruction = '') {
  newest.set(`${guid}.xml`, guid);
  const feed = await createFeed(t.db, addressPolicy(true), ada, {
    url: `${base}/${guid}.xml`,
    intervalMinutes: 60,
    platforms: ['twitter', 'linkedin'],
    accountIds: [],
    mode: 'draft',
    template: '{title} {link}',
    isEnabled: true,
    aiRewrite: true,
    aiInstruction: instruction,
    attachImage: true,
  });
  const deps = feedPollDepsOf(t, addressPolicy(true));
  await pollFeed(deps, await findFeed(t.db, ada.workspaceId, feed.id));
  const [item] = await t.db.select().from(feedItems).where(eq(feedItems.feedId, feed.id));
  const [post] = item?.postId
    ? await t.db.select({ content: posts.content }).from(posts).where(eq(posts.id, item.postId))
    : [];
  return { feed: await findFeed(t.db, ada.workspaceId, feed.id), item, post };
}

describe('a feed with the AI rewrite on', () => {
  it('posts the provider’s text with the item’s link, and counts the request as the feed owner’s', async () => {
    fake.setReply(() => ({ kind: 'json', text: 'Jasmine in a cup: our new Ethiopian is here.' }));
    const { feed, item, post } = await rewriteOnce('ethiopia', 'End with a question.');
    expect(post?.content).toBe(
      'Jasmine in a cup: our new Ethiopian is here.\n\nhttps://blog.example/ethiopia',
    );
    expect(item?.status).toBe('created');
    expect(item?.reason).toBeNull();
    expect(feed.lastError).toBeNull();
    // What the provider was asked: the whole item, the strictest limit (X's), the link and the instruction.
    const messages: { role: string; content: string }[] = fake.requests[0]?.body.messages ?? [];
    const [system, user] = messages;
    expect(system?.content).toContain('one post for X (Twitter), LinkedIn');
    expect(system?.content).toContain('at most 252 characters');
    expect(system?.content).toContain('Keep this link exactly as it is: https://blog.example/ethiopia');
    expect(system?.content).toContain("The account's own instruction: End with a question.");
    expect(user?.content).toContain('Title: ethiopia is in');
    expect(user?.content).toContain('Summary: A washed Ethiopian with notes of jasmine.');
    const [generation] = await t.db
      .select()
      .from(aiGenerations)
      .where(eq(aiGenerations.workspaceId, ada.workspaceId))
      .orderBy(desc(aiGenerations.createdAt))
      .limit(1);
    expect(generation).toMatchObject({ userId: ada.userId, kind: 'transform', status: 'done' });
  });

  it('keeps the template’s text, with the reason, when the provider fails or its text never fits', async () => {
    fake.setReply(() => ({ kind: 'error', status: 500, message: 'model crashed' }));
    const failed = await rewriteOnce('kenya');
    expect(failed.post?.content).toBe('kenya is in https://blog.example/kenya');
    expect(failed.item?.status).toBe('created');
    expect(failed.item?.reason).toBeTruthy();
    expect(failed.feed.lastError).toBe(FEED_MESSAGES.aiFallback('kenya is in', failed.item?.reason ?? ''));

    fake.reset();
    fake.setReply(() => ({ kind: 'json', text: 'word '.repeat(120).trim() }));
    const long = await rewriteOnce('brazil');
    // One shortening request after the first answer, then the template.
    expect(fake.requests).toHaveLength(2);
    expect(long.post?.content).toBe('brazil is in https://blog.example/brazil');
    expect(long.item?.reason).toContain('X (Twitter)');
  });

  it('keeps the template’s text once the hourly AI limit is reached', async () => {
    const used = await t.db
      .select({ id: aiGenerations.id })
      .from(aiGenerations)
      .where(and(eq(aiGenerations.workspaceId, ada.workspaceId)));
    for (let at = used.length; at < 4; at += 1) {
      fake.setReply(() => ({ kind: 'json', text: 'Fits.' }));
      await rewriteOnce(`filler-${at}`);
    }
    fake.reset();
    const limited = await rewriteOnce('colombia');
    expect(fake.requests).toHaveLength(0);
    expect(limited.post?.content).toBe('colombia is in https://blog.example/colombia');
    expect(limited.item?.reason).toContain('4');
    expect(limited.feed.lastError).toContain(FEED_MESSAGES.aiFallback('colombia is in', '').trim());
  });

  it('says where to set a provider when the workspace has none', async () => {
    const bare = await createTestApp();
    try {
      const bob = await signInAsNewUser(bare, { name: 'Bob Feeds' });
      newest.set('peru.xml', 'peru');
      const feed = await createFeed(bare.db, addressPolicy(true), bob, {
        url: `${base}/peru.xml`,
        intervalMinutes: 60,
        platforms: ['twitter'],
        accountIds: [],
        mode: 'draft',
        template: '{title} {link}',
        isEnabled: true,
        aiRewrite: true,
        aiInstruction: '',
        attachImage: true,
      });
      const deps = feedPollDepsOf(bare, addressPolicy(true));
      await pollFeed(deps, await findFeed(bare.db, bob.workspaceId, feed.id));
      const polled = await findFeed(bare.db, bob.workspaceId, feed.id);
      expect(polled.lastError).toBe(FEED_MESSAGES.aiFallback('peru is in', AI_MESSAGES.ownerSetsProvider));
      expect(polled.lastPostsCreated).toBe(1);
    } finally {
      await bare.close();
    }
  });
});
