/** Client review links (decision 0045): signed, expiring, revocable; approve or comment only; never a 500. */
import { APPROVAL_MESSAGES } from '@relaycast/shared/approvals';
import { forbiddenMessage } from '@relaycast/shared/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { approvalEvents } from '../../db/schema/index';
import { type MediaFixtures, makeMediaFixtures, uploadFile } from '../media/media.test-support';
import { createPost, getPost } from '../publishing/publishing.test-support';
import { inHours, joined, type Setup, scheduleInput, setUp } from './approvals.test-support';

let s: Setup;
let contributor: SignedInUser;
let files: MediaFixtures;

beforeAll(async () => {
  s = await setUp();
  contributor = await joined(s, 'contributor', 'Cora Contributor');
  files = makeMediaFixtures();
}, 60_000);
afterAll(async () => {
  files?.cleanup();
  await s?.close();
});

async function uploaded(who: SignedInUser, name: string, content: Buffer): Promise<string> {
  const res = await uploadFile(s.t.app, who.cookie, name, content);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function linkFor(body: Record<string, unknown>, who: SignedInUser = s.owner) {
  const res = await who.send('POST', '/api/approvals/review-links', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; token: string; url: string; expiresAt: string };
}

const anonymous = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  s.t.app.inject({
    method,
    url,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
  });

describe('a client review link', () => {
  it('shows the post without an account and lets the client comment and approve, named', async () => {
    const post = await createPost(s.t, contributor, scheduleInput('For the client'));
    const link = await linkFor({ postId: post.id });
    expect(link.url).toContain(`/review/${link.token}`);
    const page = await anonymous('GET', `/api/review/${link.token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().posts).toEqual([
      expect.objectContaining({ id: post.id, content: 'For the client', canApprove: true }),
    ]);
    const nameless = await anonymous('POST', `/api/review/${link.token}/posts/${post.id}/comment`, {
      reviewerName: ' ',
      comment: 'Hi',
    });
    expect(nameless.statusCode).toBe(400);
    const commented = await anonymous('POST', `/api/review/${link.token}/posts/${post.id}/comment`, {
      reviewerName: 'Clara Client',
      comment: 'Love it',
    });
    expect(commented.statusCode, commented.body).toBe(204);
    const approved = await anonymous('POST', `/api/review/${link.token}/posts/${post.id}/approve`, {
      reviewerName: 'Clara Client',
    });
    expect(approved.statusCode, approved.body).toBe(204);
    expect((await getPost(s.t, s.owner, post.id)).status).toBe('scheduled');
    const events = await s.t.db.select().from(approvalEvents).where(eq(approvalEvents.postId, post.id));
    expect(events.map((e) => [e.action, e.reviewerName, e.actorId])).toEqual(
      expect.arrayContaining([
        ['comment', 'Clara Client', null],
        ['approve', 'Clara Client', null],
      ]),
    );
  });

  it('covers one week of the calendar and nothing outside it', async () => {
    const inWeek = await createPost(s.t, contributor, scheduleInput('In the week', 24));
    const outside = await createPost(s.t, contributor, scheduleInput('Next month', 24 * 30));
    const link = await linkFor({ weekStart: inHours(0) });
    const ids = (await anonymous('GET', `/api/review/${link.token}`))
      .json()
      .posts.map((p: { id: string }) => p.id);
    expect(ids).toContain(inWeek.id);
    expect(ids).not.toContain(outside.id);
    const refused = await anonymous('POST', `/api/review/${link.token}/posts/${outside.id}/approve`, {
      reviewerName: 'Clara',
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(APPROVAL_MESSAGES.linkPostOutside);
    expect((await getPost(s.t, s.owner, outside.id)).status).toBe('awaiting_approval');
  });

  it('lasts until a later week has ended, and is refused for a week more than nine weeks ahead', async () => {
    const weekStart = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const later = await linkFor({ weekStart });
    expect(Date.parse(later.expiresAt)).toBeGreaterThanOrEqual(
      Date.parse(weekStart) + 7 * 86_400_000 - 1_000,
    );
    const thisWeek = await linkFor({ weekStart: inHours(0) });
    expect(Date.parse(thisWeek.expiresAt)).toBeLessThan(Date.now() + 8 * 86_400_000);
    const far = await s.owner.send('POST', '/api/approvals/review-links', {
      weekStart: new Date(Date.now() + 70 * 86_400_000).toISOString(),
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe(APPROVAL_MESSAGES.weekTooFar);
  });

  it('answers a tampered token 404 and an expired or revoked one 410, never 500', async () => {
    const post = await createPost(s.t, contributor, scheduleInput('Guarded'));
    const link = await linkFor({ postId: post.id, days: 1 });
    const [id, exp, sig] = link.token.split('.') as [string, string, string];
    const tampered = [
      `${id}.${Number(exp) + 86_400}.${sig}`,
      `${id}.${exp}.${sig.slice(0, -2)}xx`,
      'not-a-token',
      `${id}.${exp}`,
      `${id}.999999999999.${sig}`,
      `${id.slice(1)}x.${exp}.${sig}`,
    ];
    for (const token of tampered) {
      const res = await anonymous('GET', `/api/review/${encodeURIComponent(token)}`);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().message).toBe(APPROVAL_MESSAGES.linkNotFound);
    }
    const { createReviewLink } = await import('./approvals-review-links');
    const old = await createReviewLink(
      s.t.db,
      s.t.config.appSecret,
      'http://x',
      { userId: s.owner.userId, workspaceId: s.owner.workspaceId },
      { postId: post.id, days: 1 },
      new Date(Date.now() - 2 * 86_400_000),
    );
    const expired = await anonymous('POST', `/api/review/${old.token}/posts/${post.id}/approve`, {
      reviewerName: 'Clara',
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(APPROVAL_MESSAGES.linkExpired);
    // The approvals page lists the links still open (not the expired one), and revoking takes it off.
    const open = await s.owner.send('GET', '/api/approvals/review-links');
    expect(open.statusCode).toBe(200);
    const listed = open.json().links as { id: string; postId: string; createdByName: string }[];
    expect(listed.map((row) => row.id)).toContain(link.id);
    expect(listed.map((row) => row.id)).not.toContain(old.id);
    expect(listed.find((row) => row.id === link.id)).toMatchObject({ postId: post.id });
    expect(JSON.stringify(open.json())).not.toContain(link.token);
    expect((await s.owner.send('DELETE', `/api/approvals/review-links/${link.id}`)).statusCode).toBe(204);
    const after = (await s.owner.send('GET', '/api/approvals/review-links')).json().links as {
      id: string;
    }[];
    expect(after.map((row) => row.id)).not.toContain(link.id);
    const revoked = await anonymous('GET', `/api/review/${link.token}`);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().message).toBe(APPROVAL_MESSAGES.linkRevoked);
    expect((await getPost(s.t, s.owner, post.id)).status).toBe('awaiting_approval');
  });

  it('is made by approvers only, for their own workspace’s posts', async () => {
    const post = await createPost(s.t, contributor, scheduleInput('Not yours'));
    const refused = await contributor.send('POST', '/api/approvals/review-links', { postId: post.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: forbiddenMessage('contributor', 'publish'),
    });
    for (const [method, url] of [
      ['GET', '/api/approvals/review-links'],
      ['DELETE', '/api/approvals/review-links/any'],
    ] as const) {
      const res = await contributor.send(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const outsider = await signInAsNewUser(s.t, { name: 'Otto Outsider' });
    const res = await outsider.send('POST', '/api/approvals/review-links', { postId: post.id });
    expect(res.statusCode).toBe(404);
    const link = await linkFor({ postId: post.id });
    expect((await outsider.send('DELETE', `/api/approvals/review-links/${link.id}`)).statusCode).toBe(404);
  });

  it("shows the post's media and the zone it was scheduled in, and serves those files only", async () => {
    const image = await uploaded(s.owner, 'red.png', files.png);
    const video = await uploaded(s.owner, 'clip.mp4', files.mp4);
    const withImage = await createPost(s.t, contributor, {
      ...scheduleInput('With a picture'),
      mediaIds: [image],
      timezone: 'America/New_York',
    });
    const withVideo = await createPost(s.t, contributor, {
      ...scheduleInput('With a video'),
      mediaIds: [video],
    });
    const link = await linkFor({ weekStart: inHours(0) });
    const page = await anonymous('GET', `/api/review/${link.token}`);
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json().posts as { id: string; timezone: string; media: unknown[] }[];
    expect(shown.find((item) => item.id === withImage.id)).toMatchObject({
      timezone: 'America/New_York',
      media: [{ id: image, kind: 'image', mimeType: 'image/png', width: 64, height: 64, hasThumbnail: true }],
    });
    expect(shown.find((item) => item.id === withVideo.id)).toMatchObject({
      timezone: 'UTC',
      media: [
        { id: video, kind: 'video', mimeType: 'video/mp4', width: 320, height: 240, hasThumbnail: true },
      ],
    });

    const thumbnail = await anonymous('GET', `/api/review/${link.token}/media/${video}/thumbnail`);
    expect(thumbnail.statusCode, thumbnail.body).toBe(200);
    expect(thumbnail.headers['content-type']).toMatch(/^image\/(webp|jpeg)$/);
    const whole = await anonymous('GET', `/api/review/${link.token}/media/${image}/file`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(files.png)).toBe(true);
    const part = await s.t.app.inject({
      method: 'GET',
      url: `/api/review/${link.token}/media/${video}/file`,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
  });

  it("refuses every file that is not on the link's posts, and stops with the link", async () => {
    const onPost = await uploaded(s.owner, 'red.png', files.png);
    const elsewhere = await uploaded(s.owner, 'photo.jpg', files.jpeg);
    const outsider = await signInAsNewUser(s.t, { name: 'Otto Outsider' });
    const theirs = await uploaded(outsider, 'red.png', files.png);
    const post = await createPost(s.t, contributor, { ...scheduleInput('One picture'), mediaIds: [onPost] });
    const later = await createPost(s.t, contributor, {
      ...scheduleInput('Later picture', 24 * 30),
      mediaIds: [elsewhere],
    });
    const draft = await createPost(s.t, contributor, {
      content: 'A draft picture',
      platforms: ['mastodon'],
      action: 'draft',
      mediaIds: [elsewhere],
    });
    expect(later.id && draft.id).toBeTruthy();
    const postLink = await linkFor({ postId: post.id });
    const weekLink = await linkFor({ weekStart: inHours(0) });
    for (const token of [postLink.token, weekLink.token]) {
      // The workspace's file on another post (a month later, or a draft), another workspace's file, no file.
      for (const id of [elsewhere, theirs, 'no-such-file']) {
        for (const variant of ['file', 'thumbnail']) {
          const res = await anonymous('GET', `/api/review/${token}/media/${id}/${variant}`);
          expect(res.statusCode, `${id} ${variant}`).toBe(404);
          expect(res.json().message).toBe(APPROVAL_MESSAGES.linkMediaOutside);
        }
      }
      expect((await anonymous('GET', `/api/review/${token}/media/${onPost}/file`)).statusCode).toBe(200);
    }
    expect((await anonymous('GET', `/api/review/${postLink.token}/media/${onPost}/other`)).statusCode).toBe(
      400,
    );
    const [id, exp] = postLink.token.split('.') as [string, string];
    const forged = await anonymous('GET', `/api/review/${id}.${exp}.forged/media/${onPost}/file`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(APPROVAL_MESSAGES.linkNotFound);
    expect((await s.owner.send('DELETE', `/api/approvals/review-links/${postLink.id}`)).statusCode).toBe(204);
    const revoked = await anonymous('GET', `/api/review/${postLink.token}/media/${onPost}/file`);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().message).toBe(APPROVAL_MESSAGES.linkRevoked);
  });

  it('is rate-limited per address like the other public forms', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 70; i += 1) codes.push((await anonymous('GET', '/api/review/a.1.b')).statusCode);
    expect(codes).not.toContain(500);
    expect(codes[0]).toBe(404);
    expect(codes.at(-1)).toBe(429);
  });
});
