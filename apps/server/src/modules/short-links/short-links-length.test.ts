/**
 * A post's text counted with the short links that will replace its addresses where it is saved without the
 * composer: a bulk import's rows (preview and import), an approver's edit and a feed's posts
 * (docs/decisions/0080-short-links.md, "2026-11-26 (c)"). A file and a feed have no per-post switch: the
 * workspace's mode decides ('ask' is off, as the composer's default); an approver's edit reads the post's choice.
 */
import { randomUUID } from 'node:crypto';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { Post } from '@relaycast/shared/posts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, useTestApp } from '../../../test/auth-requests';
import { feeds, posts, socialAccounts } from '../../db/schema/index';
import { addressPolicy } from '../../lib/address-policy';
import { encryptSecret } from '../../lib/secrets';
import { joined } from '../approvals/approvals.test-support';
import { createFeed } from '../feeds/feeds.service';
import { feedPollDepsOf } from '../feeds/feeds.test-support';
import { postNewItems } from '../feeds/feeds-posts';

const s = useTestApp({ olive: 'Olive Owner' });
let contributor: SignedInUser;
let blueskyId: string;

/** Over Bluesky's 300 as typed; far under once it is `<base>/xxxxxxx`. */
const LONG = `https://example.com/${'a'.repeat(320)}`;
/** Bluesky's message, as the composer shows it (platforms.ts). */
const TOO_LONG = 'Bluesky allows at most 300 characters';
/** A text of exactly 300 as typed whose address becomes a longer short link. */
const atLimitWithShortAddress = (marker: string) => {
  const address = 'http://a.bc';
  return `${marker} ${'a'.repeat(300 - marker.length - address.length - 2)} ${address}`;
};

async function addAccount(platform: PlatformId, handle: string): Promise<string> {
  const id = randomUUID();
  await s.t.db.insert(socialAccounts).values({
    id,
    workspaceId: s.olive.workspaceId,
    platform,
    platformAccountId: `acct-${id.slice(0, 8)}`,
    handle,
    status: 'connected',
    accessTokenEncrypted: encryptSecret('token', s.t.config.appSecret),
  });
  return id;
}

beforeAll(async () => {
  blueskyId = await addAccount('bluesky', 'olive.bsky.social');
  contributor = await joined({ t: s.t, owner: s.olive }, 'contributor', 'Cora Contributor');
  const base = s.t.config.shortLinkBaseUrl ?? s.t.config.publicUrl;
  expect(`${base}/xxxxxxx`.length).toBeGreaterThan('http://a.bc'.length);
}, 60_000);

async function setMode(mode: 'always' | 'ask' | 'never') {
  const response = await s.olive.send('PUT', '/api/short-links/settings', { mode, campaign: '' });
  expect(response.statusCode, response.body).toBe(200);
}

const year = new Date().getUTCFullYear() + 1;
let day = 0;
/** A file of one row per text, each on its own day (the repeat guard never meets them). */
function csvOf(...texts: string[]): string {
  const rows = texts.map((text) => {
    day += 4;
    const date = new Date(Date.UTC(year, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
    return `"${text}",${date},09:30,UTC,bluesky`;
  });
  return ['text,date,time,timezone,accounts', ...rows].join('\n');
}

async function previewProblems(csv: string): Promise<string[][]> {
  const res = await s.olive.send('POST', '/api/bulk-import/preview', {
    csv,
    mode: 'scheduled',
    timeZone: 'UTC',
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { rows: { problems: string[] }[] }).rows.map((row) => row.problems);
}

async function importFile(csv: string) {
  return s.olive.send('POST', '/api/bulk-import', { csv, mode: 'scheduled', timeZone: 'UTC' });
}

describe('bulk import: each row counted as it will be published', () => {
  it('accepts a long address that fits once shortened when the workspace shortens, refuses it otherwise', async () => {
    await setMode('never');
    const refusedFile = csvOf('Good row never', `Never ${LONG}`);
    const [good, refused] = await previewProblems(refusedFile);
    expect(good).toEqual([]);
    expect(refused).toEqual([expect.stringContaining(`Bluesky: ${TOO_LONG}`)]);
    const skipped = await importFile(refusedFile);
    expect(skipped.statusCode, skipped.body).toBe(201);
    expect(skipped.json().skippedLines).toEqual([3]);
    // 'ask' is the composer's default: off, and a file has no switch to turn it on.
    await setMode('ask');
    expect((await previewProblems(csvOf(`Ask ${LONG}`)))[0]).toEqual([expect.stringContaining(TOO_LONG)]);

    await setMode('always');
    const acceptedFile = csvOf(`Always ${LONG}`);
    expect(await previewProblems(acceptedFile)).toEqual([[]]);
    const imported = await importFile(acceptedFile);
    expect(imported.statusCode, imported.body).toBe(201);
    const [id] = imported.json().postIds as string[];
    const [post] = await s.t.db
      .select()
      .from(posts)
      .where(eq(posts.id, id ?? ''));
    expect(post?.content).toBe(`Always ${LONG}`);
  });

  it('refuses a short address that a short link makes too long, in the preview and in the import', async () => {
    const text = atLimitWithShortAddress('Grows');
    await setMode('always');
    const file = csvOf('Another good row', text);
    expect((await previewProblems(file))[1]).toEqual([
      `Bluesky: ${TOO_LONG}; this text has ${300 - 11 + linkLength()}.`,
    ]);
    const imported = await importFile(file);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().skippedLines).toEqual([3]);
    await setMode('never');
    expect(await previewProblems(csvOf(atLimitWithShortAddress('Stays')))).toEqual([[]]);
  });
});

/** `<base>/xxxxxxx`'s length: what an address counts once shortened. */
function linkLength(): number {
  return `${s.t.config.shortLinkBaseUrl ?? s.t.config.publicUrl}/xxxxxxx`.length;
}

async function awaitingApproval(content: string): Promise<string> {
  const created = await contributor.send('POST', '/api/posts', {
    content,
    platforms: ['bluesky'],
    accountIds: [blueskyId],
    action: 'schedule',
    scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(created.statusCode, created.body).toBe(201);
  const post = created.json() as Post;
  expect(post.status).toBe('awaiting_approval');
  return post.id;
}

const approve = (postId: string, content: string) =>
  s.olive.send('POST', `/api/approvals/${postId}/approve`, { comment: '', content });

describe('an approver’s edit: counted as it will be published', () => {
  it('accepts a long address that fits once shortened when the post’s links are shortened', async () => {
    await setMode('never');
    const refused = await awaitingApproval('To be edited, never');
    const tooLong = await approve(refused, `Edited ${LONG}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(TOO_LONG);
    const [kept] = await s.t.db.select().from(posts).where(eq(posts.id, refused));
    expect(kept).toMatchObject({ status: 'awaiting_approval', content: 'To be edited, never' });

    await setMode('always');
    const accepted = await awaitingApproval('To be edited, always');
    expect((await approve(accepted, `Edited ${LONG}`)).statusCode).toBe(204);
    // The post's own choice counts: turned off, the address counts as typed even though the workspace says always.
    const declined = await awaitingApproval('To be edited, declined');
    const off = await s.olive.send('PUT', `/api/short-links/posts/${declined}`, {
      shorten: false,
      campaign: '',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await approve(declined, `Edited ${LONG}`)).statusCode).toBe(400);
  });

  it('refuses a short address that a short link makes too long', async () => {
    await setMode('always');
    const grows = await awaitingApproval('Edit that grows');
    const refused = await approve(grows, atLimitWithShortAddress('Grows'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(TOO_LONG);
    await setMode('never');
    expect((await approve(grows, atLimitWithShortAddress('Stays'))).statusCode).toBe(204);
  });
});

describe('a feed’s posts: counted as they will be published', () => {
  async function feedPost(link: string) {
    const feed = await createFeed(s.t.db, { allowPrivate: true }, s.olive, {
      url: `https://blog.example/${randomUUID()}.xml`,
      intervalMinutes: 60,
      platforms: ['bluesky'],
      accountIds: [blueskyId],
      mode: 'queue',
      template: '{title} {link}',
      isEnabled: true,
      aiRewrite: false,
      aiInstruction: '',
      attachImage: true,
    });
    const [row] = await s.t.db.select().from(feeds).where(eq(feeds.id, feed.id));
    if (!row) throw new Error('no feed row');
    const item = {
      key: randomUUID(),
      title: `Item ${randomUUID()}`,
      link,
      summary: '',
      publishedAt: null,
      imageUrl: null,
    };
    return postNewItems(feedPollDepsOf(s.t, addressPolicy(true)), row, [item], new Date());
  }

  it('takes an item whose long link fits once shortened only when the workspace shortens', async () => {
    await setMode('never');
    const refused = await feedPost(LONG);
    expect(refused.created).toBe(0);
    expect(refused.problem).toContain(TOO_LONG);
    await setMode('always');
    const made = await feedPost(LONG);
    expect(made).toMatchObject({ created: 1, problem: null });
  });
});
