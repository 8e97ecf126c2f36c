/**
 * An approval needs a second person (docs/decisions/0059-removing-others-work.md, amending 0045): nobody approves a
 * post they wrote or submitted; they may still send it back or reject it (their own withdrawal); a workspace's
 * only approver is not held by "Require approval for everyone", since nobody else could approve.
 */
import { APPROVAL_MESSAGES } from '@relaycast/shared/approvals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { connectMastodon, createPost, getPost } from '../publishing/publishing.test-support';
import { joined, type Setup, scheduleInput, setUp } from './approvals.test-support';

let s: Setup;
let editor: SignedInUser;

beforeAll(async () => {
  s = await setUp();
  editor = await joined(s, 'editor', 'Eddie Editor');
  const saved = await s.owner.send('PUT', '/api/approvals/settings', { requireApproval: true });
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);
afterAll(() => s?.close());

const decideAs = (who: SignedInUser, postId: string, path: string, comment = '') =>
  who.send('POST', `/api/approvals/${postId}/${path}`, { comment });

function expectSelfApprovalRefused(res: { statusCode: number; json(): { code: string; message: string } }) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({
    code: 'APPROVAL_SELF',
    message: APPROVAL_MESSAGES.selfApproval,
  });
}

describe('with "Require approval for everyone"', () => {
  it('refuses an editor and the owner approving their own waiting post; the other one approves it', async () => {
    const editors = await createPost(s.t, editor, scheduleInput('Editor’s own post'));
    const owners = await createPost(s.t, s.owner, scheduleInput('Owner’s own post'));
    for (const [author, other, post] of [
      [editor, s.owner, editors],
      [s.owner, editor, owners],
    ] as const) {
      expect(post.status).toBe('awaiting_approval');
      expectSelfApprovalRefused(await decideAs(author, post.id, 'approve'));
      expect((await getPost(s.t, author, post.id)).status).toBe('awaiting_approval');
      const approved = await decideAs(other, post.id, 'approve');
      expect(approved.statusCode, approved.body).toBe(204);
      expect((await getPost(s.t, author, post.id)).status).toBe('scheduled');
    }
  });

  it('refuses the member who submitted another’s post approving it', async () => {
    const owners = await createPost(s.t, s.owner, scheduleInput('Owner wrote this'));
    const edited = await editor.send('PUT', `/api/posts/${owners.id}`, {
      ...scheduleInput('Editor changed this'),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().status).toBe('awaiting_approval');
    expectSelfApprovalRefused(await decideAs(editor, owners.id, 'approve'));
  });

  it('lets an author send their own post back or reject it (withdrawing it)', async () => {
    const post = await createPost(s.t, editor, scheduleInput('Editor changes their mind'));
    const res = await decideAs(editor, post.id, 'request-changes', 'Not ready yet');
    expect(res.statusCode, res.body).toBe(204);
    expect((await getPost(s.t, editor, post.id)).status).toBe('changes_requested');
  });

  it('marks the caller’s own posts in the queue, so the page offers no Approve on them', async () => {
    const post = await createPost(s.t, editor, scheduleInput('Which one is mine?'));
    const mine = (await editor.send('GET', '/api/approvals')).json().items;
    expect(mine.find((item: { postId: string }) => item.postId === post.id)).toMatchObject({ isOwn: true });
    const theirs = (await s.owner.send('GET', '/api/approvals')).json().items;
    expect(theirs.find((item: { postId: string }) => item.postId === post.id)).toMatchObject({
      isOwn: false,
    });
  });
});

describe('a workspace with one approver', () => {
  it('schedules the only approver’s posts at once: nobody else could approve them', async () => {
    const solo = await signInAsNewUser(s.t, { name: 'Sol Solo' });
    await connectMastodon(s.t, solo, s.fake);
    expect((await solo.send('PUT', '/api/approvals/settings', { requireApproval: true })).statusCode).toBe(
      200,
    );
    const status = (await solo.send('GET', '/api/approvals/settings')).json();
    expect(status).toMatchObject({ requireApproval: true, needsApproval: false, isSoleApprover: true });
    const post = await createPost(s.t, solo, scheduleInput('Nobody else could approve this'));
    expect(post.status).toBe('scheduled');
  });
});
