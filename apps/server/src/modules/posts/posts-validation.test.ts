import { POST_MESSAGES, type PostInput } from '@relaycast/shared/posts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { posts } from '../../db/schema/index';
import { hoursFromNow, insertMedia } from './posts.test-support';

let t: TestApp;
let ada: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await signInAsNewUser(t);
});
afterAll(() => t.close());

const storedCount = async () =>
  (await t.db.select({ id: posts.id }).from(posts).where(eq(posts.workspaceId, ada.workspaceId))).length;

/** Sends `input` as a create, expects a 400 whose message is `message`, and checks that nothing was stored. */
async function expectRefused(input: unknown, message: string) {
  const before = await storedCount();
  const res = await ada.send('POST', '/api/posts', input);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.code).toBe('VALIDATION_ERROR');
  expect(body.message).toBe(message);
  expect(body.issues).toContainEqual(expect.objectContaining({ message }));
  expect(await storedCount()).toBe(before);
  return body as { issues: { path: string; message: string }[] };
}

const scheduled = (input: Partial<PostInput>): PostInput => ({
  content: 'Hello',
  platforms: ['twitter'],
  action: 'schedule',
  scheduledAt: hoursFromNow(2),
  ...input,
});

describe('post validation (the rules the composer runs, on the server)', () => {
  it('refuses a schedule in the past', async () => {
    const body = await expectRefused(
      scheduled({ scheduledAt: hoursFromNow(-1) }),
      POST_MESSAGES.scheduleInPast,
    );
    expect(body.issues).toEqual([{ path: 'scheduledAt', message: POST_MESSAGES.scheduleInPast }]);
  });

  it('refuses a schedule without a time, and an unknown time zone', async () => {
    await expectRefused(scheduled({ scheduledAt: undefined }), POST_MESSAGES.scheduleNeedsTime);
    await expectRefused(scheduled({ timezone: 'Mars/Olympus' }), POST_MESSAGES.invalidTimeZone);
  });

  it('refuses an empty post, even as a draft', async () => {
    await expectRefused(scheduled({ content: '   ' }), POST_MESSAGES.empty);
    await expectRefused({ content: '', platforms: ['facebook'], action: 'draft' }, POST_MESSAGES.empty);
  });

  it('refuses an unknown platform, and a post with no platform', async () => {
    await expectRefused(scheduled({ platforms: ['myspace' as never] }), 'Unknown platform: myspace.');
    await expectRefused(scheduled({ overrides: { friendster: 'Hi' } }), 'Unknown platform: friendster.');
    await expectRefused(scheduled({ platforms: [] }), POST_MESSAGES.noPlatform);
  });

  it("refuses text over a platform's limit, naming the platform and the limit", async () => {
    await expectRefused(
      scheduled({ content: 'a'.repeat(281) }),
      'X (Twitter) allows at most 280 characters; this text has 281.',
    );
    // X counts a URL as 23 and an emoji as 2: 250 + 1 + 23 + 1 + 2*4 = 283.
    await expectRefused(
      scheduled({ content: `${'a'.repeat(250)} https://example.com/a/very/long/path ${'😀'.repeat(4)}` }),
      'X (Twitter) allows at most 280 characters; this text has 283.',
    );
    // Each platform is checked against its own version of the text.
    const body = await expectRefused(
      scheduled({
        content: 'Short enough everywhere',
        platforms: ['facebook', 'bluesky'],
        overrides: { bluesky: 'b'.repeat(301) },
      }),
      'Bluesky allows at most 300 characters; this text has 301.',
    );
    expect(body.issues).toEqual([
      { path: 'bluesky', message: 'Bluesky allows at most 300 characters; this text has 301.' },
    ]);
  });

  it('lets a draft go over a limit while it is being written', async () => {
    const res = await ada.send('POST', '/api/posts', {
      content: 'a'.repeat(400),
      platforms: ['twitter'],
      action: 'draft',
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses media a platform cannot take', async () => {
    // A PNG is converted to JPEG for Instagram when published; a WebP is refused.
    const png = await insertMedia(t, ada.workspaceId, {
      name: 'photo.png',
      mimeType: 'image/png',
      sizeBytes: 2048,
    });
    expect(
      (await ada.send('POST', '/api/posts', scheduled({ platforms: ['instagram'], mediaIds: [png] })))
        .statusCode,
    ).toBe(201);
    const webp = await insertMedia(t, ada.workspaceId, {
      name: 'photo.webp',
      mimeType: 'image/webp',
      sizeBytes: 2048,
    });
    await expectRefused(
      scheduled({ platforms: ['instagram'], mediaIds: [webp] }),
      'Instagram takes images as JPEG; "photo.webp" is WebP.',
    );

    const long = await insertMedia(t, ada.workspaceId, {
      name: 'talk.mp4',
      mimeType: 'video/mp4',
      sizeBytes: 40 * 1024 * 1024,
      durationSeconds: 150,
    });
    await expectRefused(
      scheduled({ platforms: ['twitter'], mediaIds: [long] }),
      'X (Twitter) takes videos up to 140 seconds; "talk.mp4" lasts 150 seconds.',
    );

    const short = await insertMedia(t, ada.workspaceId, {
      name: 'blink.mp4',
      mimeType: 'video/mp4',
      sizeBytes: 1000,
      durationSeconds: 1,
    });
    await expectRefused(
      scheduled({ platforms: ['tiktok'], mediaIds: [short] }),
      'TikTok needs videos of at least 3 seconds; "blink.mp4" lasts 1 seconds.',
    );

    const big = await insertMedia(t, ada.workspaceId, {
      name: 'big.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 2 * 1024 * 1024,
    });
    await expectRefused(
      scheduled({ platforms: ['bluesky'], mediaIds: [big] }),
      'Bluesky takes files up to 1 MB; "big.jpg" is 2 MB.',
    );
    await expectRefused(
      scheduled({ platforms: ['youtube'], mediaIds: [big] }),
      'YouTube does not take images; attach a video instead.',
    );
    await expectRefused(
      scheduled({ platforms: ['instagram'] }),
      'Instagram needs at least one image or video.',
    );
  });

  it('lists every problem, platform by platform, with the first one as the message', async () => {
    const webp = await insertMedia(t, ada.workspaceId, {
      name: 'x.webp',
      mimeType: 'image/webp',
      sizeBytes: 10,
    });
    const body = await expectRefused(
      scheduled({ content: 'a'.repeat(300), platforms: ['twitter', 'instagram'], mediaIds: [webp] }),
      'X (Twitter) allows at most 280 characters; this text has 300.',
    );
    expect(body.issues).toEqual([
      { path: 'twitter', message: 'X (Twitter) allows at most 280 characters; this text has 300.' },
      { path: 'instagram', message: 'Instagram takes images as JPEG; "x.webp" is WebP.' },
    ]);
  });

  it('refuses a file that is not in the media library', async () => {
    const body = await expectRefused(scheduled({ mediaIds: ['no-such-file'] }), POST_MESSAGES.mediaNotFound);
    expect(body.issues).toEqual([{ path: 'mediaIds', message: POST_MESSAGES.mediaNotFound }]);
  });

  it('runs the same checks on an update, and changes nothing when refused', async () => {
    const created = await ada.send('POST', '/api/posts', scheduled({ content: 'Keep me' }));
    expect(created.statusCode).toBe(201);
    const post = created.json();
    const res = await ada.send('PUT', `/api/posts/${post.id}`, scheduled({ content: 'a'.repeat(281) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('X (Twitter) allows at most 280 characters; this text has 281.');
    const past = await ada.send('PUT', `/api/posts/${post.id}`, scheduled({ scheduledAt: hoursFromNow(-2) }));
    expect(past.json().message).toBe(POST_MESSAGES.scheduleInPast);
    expect((await ada.get(`/api/posts/${post.id}`)).json()).toEqual(post);
  });

  it('refuses a malformed id, body or query with a message instead of an error', async () => {
    expect((await ada.send('POST', '/api/posts', { content: 'x' })).statusCode).toBe(400);
    expect((await ada.send('PATCH', '/api/posts/abc/schedule', { scheduledAt: 'tomorrow' })).statusCode).toBe(
      400,
    );
    // Fastify refuses ids longer than its parameter limit before routing.
    const longId = await ada.get(`/api/posts/${'x'.repeat(101)}`);
    expect(longId.statusCode).toBe(414);
    expect(longId.json().message).toEqual(expect.any(String));
    expect((await ada.get('/api/posts?limit=0')).statusCode).toBe(400);
    expect((await ada.get('/api/posts?from=yesterday')).statusCode).toBe(400);
  });
});
