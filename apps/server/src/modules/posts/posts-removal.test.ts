/**
 * Who may delete or restore whose posts and files (docs/decisions/0059-removing-others-work.md): a contributor
 * removes only their own drafts and uploads; anything else needs `publish`; a file that a scheduled post (or one
 * awaiting approval) uses cannot be deleted from under it, by anyone.
 */
import { MEDIA_MESSAGES } from '@relaycast/shared/media';
import type { Post } from '@relaycast/shared/posts';
import { ROLE_MESSAGES } from '@relaycast/shared/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/auth-requests';
import { mediaFiles, posts, postTargets } from '../../db/schema/index';
import { joined, type Setup, scheduleInput, setUp } from '../approvals/approvals.test-support';
import { createPost } from '../publishing/publishing.test-support';
import { insertMedia } from './posts.test-support';

let s: Setup;
let contributor: SignedInUser;
let editor: SignedInUser;

beforeAll(async () => {
  s = await setUp();
  contributor = await joined(s, 'contributor', 'Cora Contributor');
  editor = await joined(s, 'editor', 'Eddie Editor');
}, 60_000);
afterAll(() => s?.close());

const draftInput = (content: string, mediaIds: string[] = []) => ({
  content,
  platforms: ['mastodon' as const],
  mediaIds,
  action: 'draft' as const,
});

async function image(uploadedBy: SignedInUser, name = 'photo.jpg') {
  return insertMedia(s.t, s.owner.workspaceId, {
    name,
    mimeType: 'image/jpeg',
    sizeBytes: 100,
    uploadedBy: uploadedBy.userId,
  });
}

async function isDeleted(postId: string) {
  const [row] = await s.t.db.select({ deletedAt: posts.deletedAt }).from(posts).where(eq(posts.id, postId));
  return row?.deletedAt !== null;
}

function expectOnlyOwnDrafts(res: { statusCode: number; json(): { code: string; message: string } }) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: ROLE_MESSAGES.onlyOwnDrafts });
}

describe('deleting and restoring posts', () => {
  it('refuses a contributor another member’s scheduled post and another member’s draft', async () => {
    const scheduled = await createPost(s.t, s.owner, scheduleInput('Owner’s launch'));
    expect(scheduled.status).toBe('scheduled');
    const draft = await createPost(s.t, editor, draftInput('Editor’s idea'));
    for (const post of [scheduled, draft]) {
      expectOnlyOwnDrafts(await contributor.send('DELETE', `/api/posts/${post.id}`));
      expect(await isDeleted(post.id)).toBe(false);
    }
    // The owner's post is still scheduled, with its targets.
    const after = (await s.owner.send('GET', `/api/posts/${scheduled.id}`)).json() as Post;
    expect(after.status).toBe('scheduled');
  });

  it('refuses a contributor their own post once it waits for approval, and restoring another’s', async () => {
    const waiting = await createPost(s.t, contributor, scheduleInput('Please approve me'));
    expect(waiting.status).toBe('awaiting_approval');
    expectOnlyOwnDrafts(await contributor.send('DELETE', `/api/posts/${waiting.id}`));

    const ownersDraft = await createPost(s.t, s.owner, draftInput('Owner’s draft'));
    expect((await s.owner.send('DELETE', `/api/posts/${ownersDraft.id}`)).statusCode).toBe(200);
    expectOnlyOwnDrafts(await contributor.send('POST', `/api/posts/${ownersDraft.id}/restore`));
    expect(await isDeleted(ownersDraft.id)).toBe(true);
  });

  it('lets a contributor delete and restore their own draft', async () => {
    const draft = await createPost(s.t, contributor, draftInput('My own draft'));
    expect((await contributor.send('DELETE', `/api/posts/${draft.id}`)).statusCode).toBe(200);
    expect(await isDeleted(draft.id)).toBe(true);
    const restored = await contributor.send('POST', `/api/posts/${draft.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await isDeleted(draft.id)).toBe(false);
  });

  it('lets an editor delete and restore anyone’s post, waiting or scheduled', async () => {
    const waiting = await createPost(s.t, contributor, scheduleInput('Waiting for Eddie'));
    const scheduled = await createPost(s.t, s.owner, scheduleInput('Owner’s other launch'));
    for (const post of [waiting, scheduled]) {
      expect((await editor.send('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200);
      const restored = await editor.send('POST', `/api/posts/${post.id}/restore`);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json().status).toBe(post.status);
    }
  });
});

describe('deleting media', () => {
  it('refuses a contributor another member’s upload and lets them delete their own', async () => {
    const owners = await image(s.owner, 'owner.jpg');
    expectOnlyOwnDrafts(await contributor.send('DELETE', `/api/media/${owners}`));
    expect(await s.t.db.select().from(mediaFiles).where(eq(mediaFiles.id, owners))).toHaveLength(1);

    const own = await image(contributor, 'mine.jpg');
    expect((await contributor.send('DELETE', `/api/media/${own}`)).statusCode).toBe(204);
    // An editor deletes anyone's file that no post on its way out uses.
    expect((await editor.send('DELETE', `/api/media/${owners}`)).statusCode).toBe(204);
  });

  it('refuses anyone a file a scheduled or waiting post uses, naming the posts; the posts keep it', async () => {
    const file = await image(s.owner, 'launch.jpg');
    const scheduled = await createPost(s.t, s.owner, {
      ...scheduleInput('Launch with a picture'),
      mediaIds: [file],
    });
    expect(scheduled.status).toBe('scheduled');
    const waiting = await createPost(s.t, contributor, {
      ...scheduleInput('Waiting with a picture'),
      mediaIds: [file],
    });
    expect(waiting.status).toBe('awaiting_approval');

    for (const who of [s.owner, editor]) {
      const refused = await who.send('DELETE', `/api/media/${file}`);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().code).toBe('MEDIA_IN_USE');
      expect(refused.json().message).toBe(
        MEDIA_MESSAGES.inUse('launch.jpg', 2, ['Waiting with a picture', 'Launch with a picture']),
      );
    }
    const after = (await s.owner.send('GET', `/api/posts/${scheduled.id}`)).json() as Post;
    expect(after.status).toBe('scheduled');
    expect(after.media.map((item) => item.id)).toEqual([file]);

    // A draft does not pin the file: once the pinning posts are gone, it can be deleted.
    await createPost(s.t, s.owner, draftInput('Draft with the picture', [file]));
    for (const post of [scheduled, waiting]) {
      expect((await s.owner.send('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200);
    }
    expect((await s.owner.send('DELETE', `/api/media/${file}`)).statusCode).toBe(204);
  });

  it('makes a deleted scheduled post a draft when its file goes, so a restore never schedules it without it', async () => {
    const file = await image(s.owner, 'gone.jpg');
    const scheduled = await createPost(s.t, s.owner, {
      ...scheduleInput('Launch, picture gone'),
      mediaIds: [file],
    });
    expect(scheduled.status).toBe('scheduled');
    expect((await s.owner.send('DELETE', `/api/posts/${scheduled.id}`)).statusCode).toBe(200);
    expect((await s.owner.send('DELETE', `/api/media/${file}`)).statusCode).toBe(204);

    const restored = await s.owner.send('POST', `/api/posts/${scheduled.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    const post = restored.json() as Post;
    expect(post.status).toBe('draft');
    expect(post.scheduledAt).toBeNull();
    expect(post.media).toEqual([]);
    const targets = await s.t.db
      .select({ status: postTargets.status })
      .from(postTargets)
      .where(eq(postTargets.postId, scheduled.id));
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.every((target) => target.status === 'draft')).toBe(true);
  });
});
