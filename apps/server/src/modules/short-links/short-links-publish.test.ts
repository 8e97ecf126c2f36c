import type { ShortLinkMode } from '@relaycast/shared/short-links';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { postTargets, shortLinks, socialAccounts } from '../../db/schema/index';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import { connectorFor, connectorSettings, registerConnector } from '../../platforms/registry';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { PlatformError } from '../../platforms/types';
import { credentialsOf } from '../accounts/account-credentials';
import { platformsConfig } from '../accounts/accounts.test-support';
import {
  connectMastodon,
  createPost,
  getPost,
  insertAccount,
  makeDue,
  scriptedConnector,
  targetsOf,
} from '../publishing/publishing.test-support';
import { configuredShortLinkBase, shortenForPublish } from './short-links.service';

/**
 * Shortening at publish (docs/short-links.md, "At publish"): one short link per platform and address, with the
 * platform's UTM parameters, the same on a retried attempt. Mastodon through its fake, LinkedIn scripted.
 */

let t: TestApp;
let fake: PlatformFake;
let user: SignedInUser;
let mastodon: string;
let linkedin: string;
let restore: () => void;
/** What the scripted LinkedIn received, and whether its next call fails with "retry". */
const linkedinTexts: string[] = [];
let failNext = false;

const scripted = scriptedConnector(async (request) => {
  linkedinTexts.push(request.text);
  if (failNext) {
    failNext = false;
    throw new PlatformError('retry', 'LinkedIn is unavailable (503).', { status: 503 });
  }
  return { platformPostId: `li-${linkedinTexts.length}`, url: 'https://www.linkedin.com/feed/' };
});

beforeAll(async () => {
  fake = await startMastodonFake();
  t = await createTestApp({
    config: { platforms: platformsConfig({ mastodon: { baseUrl: fake.url } }), allowPrivateAddresses: true },
    publishing: {
      runWorkers: false,
      engine: { retryBaseMs: 1_000, attemptTimeoutMs: 60_000 },
    },
  });
  await t.app.ready();
  restore = registerConnector(scripted);
  user = await signInAsNewUser(t);
  mastodon = await connectMastodon(t, user, fake);
  linkedin = await insertAccount(t, user.workspaceId, 'linkedin');
}, 60_000);

afterAll(async () => {
  restore?.();
  await t?.close();
  await fake?.close();
});

async function setMode(mode: ShortLinkMode, campaign = '') {
  const saved = await user.send('PUT', '/api/short-links/settings', { mode, campaign });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** Publishes a post to Mastodon and LinkedIn now; `shorten` is the post's own switch. */
async function published(content: string, options: { shorten?: boolean | null; campaign?: string } = {}) {
  const post = await createPost(t, user, {
    content,
    platforms: ['mastodon', 'linkedin'],
    accountIds: [mastodon, linkedin],
    action: 'now',
  });
  if (options.shorten !== undefined || options.campaign !== undefined) {
    const saved = await user.send('PUT', `/api/short-links/posts/${post.id}`, {
      shorten: options.shorten ?? null,
      campaign: options.campaign ?? '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  for (const target of post.targets) await t.app.publishing.engine.publishTarget(target.id);
  return post;
}

const lastMastodonText = () => fake.published.at(-1)?.text ?? '';
const codesIn = (text: string) =>
  [...text.matchAll(/\/([A-Za-z0-9]{7})\b/g)].map((match) => match[1] as string);

async function targetOf(code: string) {
  const [link] = await t.db.select().from(shortLinks).where(eq(shortLinks.code, code));
  return link;
}

describe('short links at publish', () => {
  it('gives each platform its own short link with its UTM parameters, keeping the address’s own', async () => {
    await setMode('always', 'Spring Sale');
    const content = 'Read https://example.com/a?x=1 and https://example.org/b?utm_source=newsletter.';
    const post = await published(content);
    const onMastodon = lastMastodonText();
    const onLinkedin = linkedinTexts.at(-1) ?? '';
    expect(onMastodon).not.toContain('example.com');
    expect(onMastodon).toMatch(
      new RegExp(`^Read ${t.config.publicUrl}/[A-Za-z0-9]{7} and ${t.config.publicUrl}/[A-Za-z0-9]{7}\\.$`),
    );
    const [mastodonA, mastodonB] = codesIn(onMastodon);
    const [linkedinA] = codesIn(onLinkedin);
    expect(mastodonA).not.toBe(linkedinA);
    const a = new URL((await targetOf(mastodonA!))!.target);
    expect(Object.fromEntries(a.searchParams)).toEqual({
      x: '1',
      utm_source: 'mastodon',
      utm_medium: 'social',
      utm_campaign: 'spring-sale',
      utm_content: post.id,
    });
    expect(new URL((await targetOf(linkedinA!))!.target).searchParams.get('utm_source')).toBe('linkedin');
    const b = new URL((await targetOf(mastodonB!))!.target);
    expect(b.searchParams.get('utm_source')).toBe('newsletter');
    expect(b.searchParams.get('utm_medium')).toBe('social');
    // A short link made at publish redirects like any other, to the address with its UTM parameters.
    const visit = await t.app.inject({ method: 'GET', url: `/${mastodonA}` });
    expect(visit.headers.location).toBe(a.toString());
  });

  it('sends the same short links again when an attempt is retried', async () => {
    await setMode('always');
    failNext = true;
    const before = linkedinTexts.length;
    const post = await published('Retried https://example.com/retry');
    const target = post.targets.find((one) => one.platform === 'linkedin')!;
    expect((await getPost(t, user, post.id)).targets.find((one) => one.id === target.id)?.status).toBe(
      'retrying',
    );
    await makeDue(t, post.id);
    await t.app.publishing.engine.publishTarget(target.id);
    const [first, second] = linkedinTexts.slice(before);
    expect(first).toMatch(/^Retried http:\/\/\S+\/[A-Za-z0-9]{7}$/);
    expect(second).toBe(first);
    const links = await t.db.select().from(shortLinks).where(eq(shortLinks.postId, post.id));
    expect(links.map((link) => link.platform).sort()).toEqual(['linkedin', 'mastodon']);
  });

  it('finds the shortened text a dead worker sent, and does not send it again', async () => {
    await setMode('always');
    const post = await createPost(t, user, {
      content: 'Sent before the crash https://example.com/crash',
      platforms: ['mastodon'],
      accountIds: [mastodon],
      action: 'now',
    });
    const target = post.targets[0]!;
    // What the dead worker did: shortened the text, sent it, and died before recording the outcome.
    const text = await shortenForPublish(
      t.db,
      {
        workspaceId: user.workspaceId,
        postId: post.id,
        authorId: null,
        platform: 'mastodon',
        text: post.content,
      },
      configuredShortLinkBase(t.config),
    );
    expect(text).not.toContain('example.com');
    const [account] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, mastodon));
    await connectorFor('mastodon').publish(
      { settings: connectorSettings(t.config, 'mastodon') },
      credentialsOf(account!, t.config.appSecret),
      { text, media: [], idempotencyKey: target.id },
    );
    const tenSecondsAgo = new Date(Date.now() - 10_000);
    await t.db
      .update(postTargets)
      .set({ status: 'publishing', attempts: 1, attemptStartedAt: tenSecondsAgo, updatedAt: tenSecondsAgo })
      .where(eq(postTargets.id, target.id));
    await t.app.publishing.engine.sweep();
    expect((await targetsOf(t, post.id))[0]).toMatchObject({ status: 'published', attempts: 1 });
    expect(fake.published.filter((one) => one.text === text)).toHaveLength(1);
  });

  it('follows the workspace’s mode and the post’s own switch', async () => {
    await setMode('always');
    await published('Off for this one https://example.com/off', { shorten: false });
    expect(lastMastodonText()).toBe('Off for this one https://example.com/off');
    await setMode('ask');
    await published('Not asked https://example.com/ask');
    expect(lastMastodonText()).toBe('Not asked https://example.com/ask');
    await published('Asked https://example.com/yes', { shorten: true, campaign: 'Launch week' });
    const code = codesIn(lastMastodonText())[0]!;
    expect(new URL((await targetOf(code))!.target).searchParams.get('utm_campaign')).toBe('launch-week');
    await setMode('never');
    await published('Never https://example.com/never', { shorten: true });
    expect(lastMastodonText()).toBe('Never https://example.com/never');
  });

  it('reports clicks per post, platform and link on /analytics, people apart from crawlers', async () => {
    await setMode('always');
    const post = await published('Clicked https://example.com/clicked');
    const code = codesIn(lastMastodonText())[0]!;
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
    for (let i = 0; i < 3; i += 1) {
      await t.app.inject({
        method: 'GET',
        url: `/${code}`,
        headers: { 'user-agent': iphone, referer: 'https://mastodon.social/@ada' },
      });
    }
    await t.app.inject({
      method: 'GET',
      url: `/${code}`,
      headers: { 'user-agent': 'http.rb/5.1.1 (Mastodon/4.2.0)' },
    });
    await t.app.shortLinkClicks.flush();
    const report = await user.get('/api/short-links/clicks');
    expect(report.statusCode, report.body).toBe(200);
    const row = report.json().rows.find((one: { code: string }) => one.code === code);
    expect(row).toMatchObject({
      postId: post.id,
      postExcerpt: 'Clicked https://example.com/clicked',
      platform: 'mastodon',
      clicks: 3,
      crawlerHits: 1,
      shortUrl: `${t.config.publicUrl}/${code}`,
    });
    expect(report.json().referrers).toContainEqual({ site: 'mastodon.social', clicks: 3 });
    expect(report.json().devices).toContainEqual({ device: 'mobile', clicks: 3 });
    const eve = await signInAsNewUser(t, { name: 'Eve Clicks' });
    expect((await eve.get('/api/short-links/clicks')).json().rows).toEqual([]);
    const past = await user.get('/api/short-links/clicks?from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00Z');
    expect(past.json().rows).toEqual([]);
    expect((await user.get('/api/short-links/clicks?from=yesterday')).statusCode).toBe(400);
  });

  it("keeps another workspace's post options out of reach", async () => {
    const post = await createPost(t, user, { content: 'Mine', platforms: ['mastodon'], action: 'draft' });
    const eve = await signInAsNewUser(t, { name: 'Eve Other' });
    expect((await eve.get(`/api/short-links/posts/${post.id}`)).statusCode).toBe(404);
    const put = await eve.send('PUT', `/api/short-links/posts/${post.id}`, { shorten: true, campaign: '' });
    expect(put.statusCode).toBe(404);
  });
});
