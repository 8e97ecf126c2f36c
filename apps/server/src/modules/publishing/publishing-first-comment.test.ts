import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ALT_TEXT_MESSAGES } from '@relaycast/shared/alt-text';
import type { Post } from '@relaycast/shared/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonHeaders, type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mediaFiles } from '../../db/schema/index';
import { createLocalStorage } from '../../lib/media/local-storage';
import { startLinkedInFake } from '../../platforms/linkedin/linkedin.fake';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { connectViaOAuth, platformsConfig, TEST_CLIENT } from '../accounts/accounts.test-support';
import {
  connectMastodon,
  createPost,
  DRIVEN_PUBLISHING,
  getPost,
  inAnHour,
  makeDue,
} from './publishing.test-support';

/**
 * Alt text and the first comment through the publishing engine, against the real Mastodon and LinkedIn connectors
 * and their local fakes, on PGlite and PostgreSQL (docs/alt-text-and-first-comment.md).
 */

let t: TestApp;
let mastodon: PlatformFake;
let linkedin: PlatformFake;
let user: SignedInUser;
let imageId: string;

beforeAll(async () => {
  mastodon = await startMastodonFake();
  linkedin = await startLinkedInFake();
  t = await createTestApp({
    config: {
      platforms: platformsConfig({
        mastodon: { baseUrl: mastodon.url },
        linkedin: { ...TEST_CLIENT, baseUrl: linkedin.url },
      }),
      allowPrivateAddresses: true,
    },
    publishing: DRIVEN_PUBLISHING,
  });
  await t.app.ready();
  user = await signInAsNewUser(t);
  await connectMastodon(t, user, mastodon);
  const connected = await connectViaOAuth(t, user, { url: '/api/accounts/oauth/linkedin/start' });
  expect(connected.result).toBe('connected');
  imageId = await insertImage(user.workspaceId);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await mastodon?.close();
  await linkedin?.close();
});

async function insertImage(workspaceId: string): Promise<string> {
  const id = randomUUID();
  const key = `${workspaceId}/${id}.png`;
  const source = path.join(t.config.dataDir, `${id}.png`);
  writeFileSync(source, Buffer.from('png bytes for the fakes'));
  await createLocalStorage(t.config.mediaDir).put(key, source, 'image/png');
  await t.db.insert(mediaFiles).values({
    id,
    workspaceId,
    name: 'kite.png',
    mimeType: 'image/png',
    kind: 'image',
    sizeBytes: 23,
    storageKey: key,
  });
  return id;
}

async function publishAll(post: Post): Promise<Post> {
  await makeDue(t, post.id);
  for (const target of post.targets) await t.app.publishing.engine.publishTarget(target.id);
  return getPost(t, user, post.id);
}

const targetOf = (post: Post, platform: string) => {
  const target = post.targets.find((candidate) => candidate.platform === platform);
  if (!target) throw new Error(`no ${platform} target`);
  return target;
};

function retryComment(post: Post, targetId: string, as = user) {
  return t.app.inject({
    method: 'POST',
    url: `/api/posts/${post.id}/targets/${targetId}/retry-comment`,
    headers: jsonHeaders(as.cookie),
    payload: '{}',
  });
}

describe('alt text and the first comment', () => {
  it('stores both with the post, sends the alt text to each platform and comments after the post with its id', async () => {
    const created = await createPost(t, user, {
      content: 'A kite over the hill',
      platforms: ['mastodon', 'linkedin'],
      mediaIds: [imageId],
      altTexts: { [imageId]: 'A red kite over a green hill' },
      firstComment: 'More pictures on the blog',
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    expect(created.media[0]?.altText).toBe('A red kite over a green hill');
    expect(created.firstComment).toBe('More pictures on the blog');

    const post = await publishAll(created);
    expect(post.status).toBe('published');
    expect(mastodon.published.at(-1)?.altTexts).toEqual(['A red kite over a green hill']);
    expect(linkedin.published.at(-1)?.altTexts).toEqual(['A red kite over a green hill']);
    const target = targetOf(post, 'linkedin');
    expect(target).toMatchObject({ status: 'published', commentStatus: 'posted', commentError: null });
    expect(linkedin.comments?.at(-1)).toMatchObject({
      postId: target.platformPostId,
      text: 'More pictures on the blog',
    });
    // Mastodon takes no first comment: nothing is claimed there.
    expect(targetOf(post, 'mastodon').commentStatus).toBeNull();
    // The comment went after the post.
    const paths = linkedin.server.requests.map(
      (request) => `${request.method} ${request.path.split('/')[2]}`,
    );
    expect(paths.lastIndexOf('POST posts')).toBeLessThan(paths.lastIndexOf('POST socialActions'));
    expect(mastodon.server.violations).toEqual([]);
    expect(linkedin.server.violations).toEqual([]);
  });

  it('a failed comment leaves the post published; Retry comment posts the comment alone, never the post again', async () => {
    const created = await createPost(t, user, {
      content: 'Second kite',
      platforms: ['linkedin'],
      firstComment: 'Link in this comment',
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    linkedin.server.failNext(
      { method: 'POST', path: /\/comments$/ },
      { status: 500, body: { message: 'Down' } },
    );
    const postsBefore = linkedin.published.length;
    const commentsBefore = linkedin.comments?.length ?? 0;
    const failed = await publishAll(created);
    expect(failed.status).toBe('published');
    expect(targetOf(failed, 'linkedin')).toMatchObject({ status: 'published', commentStatus: 'failed' });
    expect(targetOf(failed, 'linkedin').commentError).toBeTruthy();
    expect(linkedin.published.length).toBe(postsBefore + 1);

    const target = targetOf(failed, 'linkedin');
    // Another workspace cannot retry it.
    const stranger = await signInAsNewUser(t);
    const refused = await retryComment(failed, target.id, stranger);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);

    const retried = await retryComment(failed, target.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(targetOf(retried.json(), 'linkedin')).toMatchObject({
      status: 'published',
      commentStatus: 'posted',
    });
    expect(linkedin.published.length).toBe(postsBefore + 1);
    expect(linkedin.comments?.length).toBe(commentsBefore + 1);
    expect(linkedin.comments?.at(-1)).toMatchObject({
      postId: target.platformPostId,
      text: 'Link in this comment',
    });

    // Posted once: a second retry changes nothing.
    const again = await retryComment(failed, target.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALT_TEXT_MESSAGES.commentNotRetryable);
    expect(linkedin.comments?.length).toBe(commentsBefore + 1);
    // The engine running the target again does not publish it again either.
    await t.app.publishing.engine.publishTarget(target.id);
    expect(linkedin.published.length).toBe(postsBefore + 1);
  });

  it('keeps the stored alt text when an update leaves it out, and refuses alt text over a platform’s limit', async () => {
    const created = await createPost(t, user, {
      content: 'Draft with a described image',
      platforms: ['mastodon'],
      mediaIds: [imageId],
      altTexts: { [imageId]: 'Kept' },
      action: 'draft',
    });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${created.id}`,
      headers: jsonHeaders(user.cookie),
      payload: JSON.stringify({
        content: 'Edited',
        platforms: ['mastodon'],
        mediaIds: [imageId],
        action: 'draft',
      }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().media[0].altText).toBe('Kept');
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: jsonHeaders(user.cookie),
      payload: JSON.stringify({
        content: 'For X',
        platforms: ['twitter'],
        mediaIds: [imageId],
        altTexts: { [imageId]: 'x'.repeat(1001) },
        action: 'schedule',
        scheduledAt: inAnHour(),
      }),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(ALT_TEXT_MESSAGES.tooLong('X (Twitter)', 1000, 1));
  });
});
