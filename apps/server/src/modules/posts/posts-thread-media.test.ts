import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { POST_MESSAGES, type PostInput } from '@relaycast/shared/posts';
import { THREAD_MESSAGES } from '@relaycast/shared/threads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonHeaders, type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mediaFiles, postThreadMedia } from '../../db/schema/index';
import { createLocalStorage } from '../../lib/media/local-storage';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { platformsConfig } from '../accounts/accounts.test-support';
import {
  connectMastodon,
  createPost,
  DRIVEN_PUBLISHING,
  getPost,
  inAnHour,
  makeDue,
} from '../publishing/publishing.test-support';

/**
 * Media on a thread's parts 2..N (docs/threads.md) on PGlite and PostgreSQL: stored with the part and answered,
 * checked with the platforms' media rules, another workspace's file refused, moved and removed with the parts,
 * and published on the reply it belongs to.
 */

let t: TestApp;
let fake: PlatformFake;
let user: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  fake = await startMastodonFake();
  t = await createTestApp({
    config: { platforms: platformsConfig({ mastodon: { baseUrl: fake.url } }), allowPrivateAddresses: true },
    publishing: DRIVEN_PUBLISHING,
  });
  await t.app.ready();
  user = await signInAsNewUser(t);
  other = await signInAsNewUser(t);
  await connectMastodon(t, user, fake);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** An image in the workspace's library, its bytes in storage (the connector uploads them). */
async function image(workspaceId: string, name = 'chart.png'): Promise<string> {
  const id = randomUUID();
  const key = `${workspaceId}/${id}.png`;
  const source = path.join(t.config.dataDir, `${id}.png`);
  writeFileSync(source, Buffer.alloc(2048, 5));
  await createLocalStorage(t.config.mediaDir).put(key, source, 'image/png');
  await t.db.insert(mediaFiles).values({
    id,
    workspaceId,
    name,
    mimeType: 'image/png',
    kind: 'image',
    sizeBytes: 2048,
    storageKey: key,
  });
  return id;
}

const thread = (extra: Partial<PostInput>): PostInput => ({
  content: 'Part one',
  platforms: ['mastodon'],
  threadParts: ['Part two', 'Part three'],
  action: 'schedule',
  scheduledAt: inAnHour(),
  ...extra,
});

function send(method: 'POST' | 'PUT', url: string, input: PostInput) {
  return t.app.inject({ method, url, headers: jsonHeaders(user.cookie), payload: JSON.stringify(input) });
}

describe('media on thread parts', () => {
  it('stores each part’s files in order with their alt text, and keeps or drops them with the parts', async () => {
    const [a, b, c] = [
      await image(user.workspaceId),
      await image(user.workspaceId),
      await image(user.workspaceId),
    ];
    const created = await createPost(
      t,
      user,
      thread({ threadMedia: [[a, b], [c]], altTexts: { a: 'unused', [b]: 'The second chart' } }),
    );
    expect(created.threadMedia?.map((files) => files.map((file) => file.id))).toEqual([[a, b], [c]]);
    expect(created.threadMedia?.[0]?.[1]?.altText).toBe('The second chart');
    expect(created.media).toEqual([]);

    // Only the texts sent: the stored media stay with their parts; a part removed takes its media with it.
    const kept = await send('PUT', `/api/posts/${created.id}`, thread({ threadParts: ['Part two'] }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().threadMedia.map((files: { id: string }[]) => files.map((file) => file.id))).toEqual([
      [a, b],
    ]);
    expect(kept.json().threadMedia[0][1].altText).toBe('The second chart');
    const rows = await t.db.select().from(postThreadMedia).where(eq(postThreadMedia.postId, created.id));
    expect(rows.map((row) => row.mediaId).sort()).toEqual([a, b].sort());

    // Sent again, they replace the stored ones (a part may be media only).
    const replaced = await send(
      'PUT',
      `/api/posts/${created.id}`,
      thread({ threadParts: ['', 'Three'], threadMedia: [[c], []] }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(
      replaced.json().threadMedia.map((files: { id: string }[]) => files.map((file) => file.id)),
    ).toEqual([[c], []]);
  });

  it('refuses another workspace’s file on a part, naming the part (400, never 500)', async () => {
    const theirs = await image(other.workspaceId);
    const res = await send('POST', '/api/posts', thread({ threadMedia: [[], [theirs]] }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(THREAD_MESSAGES.partMedia(3, POST_MESSAGES.mediaNotFound));
  });

  it('applies the platform’s per-post media rules to each part, with the shared messages', async () => {
    const five = [];
    for (let n = 0; n < 5; n += 1) five.push(await image(user.workspaceId));
    const res = await send('POST', '/api/posts', thread({ threadMedia: [five] }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(
      THREAD_MESSAGES.partMedia(2, 'Mastodon allows at most 4 images per post; this post has 5.'),
    );
    const tooMany = await send('POST', '/api/posts', thread({ threadMedia: [[], [], [five[0] as string]] }));
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.body).toContain(THREAD_MESSAGES.mediaWithoutPart);
  });

  it('pins a file used on a scheduled post’s part: the library refuses to delete it and lists the post', async () => {
    const pinned = await image(user.workspaceId, 'pinned.png');
    const created = await createPost(t, user, thread({ content: 'Pinning part 1', threadMedia: [[pinned]] }));
    const usage = await t.app.inject({
      method: 'GET',
      url: `/api/media/${pinned}/usage`,
      headers: { cookie: user.cookie },
    });
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json().posts.map((post: { id: string }) => post.id)).toEqual([created.id]);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${pinned}`,
      headers: { cookie: user.cookie },
    });
    expect(removal.statusCode, removal.body).toBe(409);
    expect((await getPost(t, user, created.id)).threadMedia?.[0]?.map((file) => file.id)).toEqual([pinned]);
  });

  it('publishes a part’s media on that part’s reply, with its alt text', async () => {
    const chart = await image(user.workspaceId);
    const created = await createPost(
      t,
      user,
      thread({
        content: 'Pictured part 1',
        threadParts: ['Pictured part 2', 'Pictured part 3'],
        threadMedia: [[], [chart]],
        altTexts: { [chart]: 'A rising line' },
      }),
    );
    const targetId = created.targets[0]?.id as string;
    await makeDue(t, created.id);
    await t.app.publishing.engine.publishTarget(targetId);

    expect((await getPost(t, user, created.id)).targets[0]?.status).toBe('published');
    const chain = fake.published.filter((post) => post.text.startsWith('Pictured part'));
    expect(chain.map((post) => post.text)).toEqual(['Pictured part 1', 'Pictured part 2', 'Pictured part 3']);
    expect(chain.map((post) => post.mediaIds.length)).toEqual([0, 0, 1]);
    expect(chain[2]?.altTexts).toEqual(['A rising line']);
    expect(chain[2]?.replyTo).toBe(chain[1]?.id);
  });
});
