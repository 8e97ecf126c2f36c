/**
 * Approvals through the routes (decision 0045): a contributor's post waits, approvers decide, the approved text
 * is published to the Mastodon fake, an edit after approval sends it back, expiry, races, and the audit trail.
 */
import { APPROVAL_MESSAGES } from '@relaycast/shared/approvals';
import type { Post } from '@relaycast/shared/posts';
import { forbiddenMessage } from '@relaycast/shared/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { notifications, posts } from '../../db/schema/index';
import { createPost, getPost, makeDue, targetsOf } from '../publishing/publishing.test-support';
import { joined, type Setup, scheduleInput, setUp } from './approvals.test-support';
import { expireOverdueApprovals } from './approvals-expiry';

let s: Setup;
let contributor: SignedInUser;
let editor: SignedInUser;

beforeAll(async () => {
  s = await setUp();
  contributor = await joined(s, 'contributor', 'Cora Contributor');
  editor = await joined(s, 'editor', 'Eddie Editor');
}, 60_000);
afterAll(() => s?.close());

const decideAs = (who: SignedInUser, postId: string, path: string, comment = '') =>
  who.send('POST', `/api/approvals/${postId}/${path}`, { comment });

async function history(postId: string, who: SignedInUser = s.owner) {
  const res = await who.send('GET', `/api/approvals/${postId}/history`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().events as {
    action: string;
    fromState: string;
    toState: string;
    actorName: string | null;
    comment: string;
    submittedText: string | null;
    approvedText: string | null;
    diff: { value: string; added: boolean; removed: boolean }[] | null;
  }[];
}

async function notificationsOf(userId: string, kind: string) {
  return s.t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
}

describe('a contributor’s post', () => {
  it('waits for approval instead of being scheduled, and is never claimed', async () => {
    const post = await createPost(s.t, contributor, scheduleInput('Contributor hello'));
    expect(post.status).toBe('awaiting_approval');
    expect(post.targets.every((target) => target.status === 'draft')).toBe(true);
    await makeDue(s.t, post.id, -60_000);
    await s.t.app.publishing.engine.sweep();
    expect(s.fake.published.filter((p) => p.text === 'Contributor hello')).toHaveLength(0);
    const queue = await s.owner.send('GET', '/api/approvals');
    expect(queue.json().items.map((item: { postId: string }) => item.postId)).toContain(post.id);
    expect((await notificationsOf(s.owner.userId, 'approval_requested')).length).toBeGreaterThan(0);
    expect((await notificationsOf(editor.userId, 'approval_requested')).length).toBeGreaterThan(0);
  });

  it('is approved by the owner and published with the approved text', async () => {
    const post = await createPost(s.t, contributor, scheduleInput('Approve me please'));
    const approved = await decideAs(s.owner, post.id, 'approve', 'Looks good');
    expect(approved.statusCode, approved.body).toBe(204);
    const after = await getPost(s.t, s.owner, post.id);
    expect(after.status).toBe('scheduled');
    expect(after.targets[0]).toMatchObject({ accountId: s.accountId, status: 'scheduled' });
    await makeDue(s.t, post.id);
    await s.t.app.publishing.engine.publishTarget(after.targets[0]!.id);
    expect((await getPost(s.t, s.owner, post.id)).status).toBe('published');
    expect(s.fake.published.filter((p) => p.text === 'Approve me please')).toHaveLength(1);
    const events = await history(post.id);
    expect(events.map((e) => e.action)).toEqual(['submit', 'approve']);
    expect(events[1]).toMatchObject({ actorName: 'Olive Owner', comment: 'Looks good' });
    expect(events[1]!.approvedText).toBe('Approve me please');
    expect(await notificationsOf(contributor.userId, 'approval_decided')).not.toHaveLength(0);
  });

  it('goes back to awaiting approval when edited after approval, with the diff recorded', async () => {
    const post = await createPost(s.t, contributor, scheduleInput('The first version'));
    expect((await decideAs(s.owner, post.id, 'approve')).statusCode).toBe(204);
    const edited = await contributor.send(
      'PUT',
      `/api/posts/${post.id}`,
      scheduleInput('The second version'),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as Post).status).toBe('awaiting_approval');
    expect((await targetsOf(s.t, post.id)).every((target) => target.status === 'draft')).toBe(true);
    const events = await history(post.id);
    expect(events.map((e) => [e.action, e.fromState, e.toState])).toEqual([
      ['submit', 'draft', 'awaiting_approval'],
      ['approve', 'awaiting_approval', 'approved'],
      ['edit', 'approved', 'awaiting_approval'],
    ]);
    const diff = events[2]!.diff!;
    expect(diff.filter((part) => part.removed).map((part) => part.value.trim())).toContain('first');
    expect(diff.filter((part) => part.added).map((part) => part.value.trim())).toContain('second');
  });

  it('takes an approver’s edit of the text with the approval, held to the platform’s limits', async () => {
    const post = await createPost(s.t, contributor, scheduleInput('Draft from the contributor'));
    const url = `/api/approvals/${post.id}/approve`;
    const tooLong = await s.owner.send('POST', url, { comment: '', content: 'x'.repeat(600) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Mastodon');
    const unchanged = await getPost(s.t, s.owner, post.id);
    expect(unchanged).toMatchObject({ status: 'awaiting_approval', content: 'Draft from the contributor' });

    const approved = await editor.send('POST', url, {
      comment: 'Tightened',
      content: 'Polished by the editor',
    });
    expect(approved.statusCode, approved.body).toBe(204);
    const after = await getPost(s.t, s.owner, post.id);
    expect(after).toMatchObject({ status: 'scheduled', content: 'Polished by the editor' });
    const events = await history(post.id);
    expect(events.map((e) => e.action)).toEqual(['submit', 'approve']);
    expect(events[1]).toMatchObject({ actorName: 'Eddie Editor', approvedText: 'Polished by the editor' });
    await makeDue(s.t, post.id);
    await s.t.app.publishing.engine.publishTarget(after.targets[0]!.id);
    expect(s.fake.published.filter((p) => p.text === 'Polished by the editor')).toHaveLength(1);
    expect(s.fake.published.filter((p) => p.text === 'Draft from the contributor')).toHaveLength(0);
  });

  it('can be sent back for changes or rejected, each with a comment', async () => {
    const post = await createPost(s.t, contributor, scheduleInput('Needs work'));
    const bare = await decideAs(editor, post.id, 'request-changes');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(APPROVAL_MESSAGES.commentRequired);
    expect((await decideAs(editor, post.id, 'request-changes', 'Add a link')).statusCode).toBe(204);
    expect((await getPost(s.t, s.owner, post.id)).status).toBe('changes_requested');
    const resubmitted = await contributor.send(
      'PUT',
      `/api/posts/${post.id}`,
      scheduleInput('Needs work: link'),
    );
    expect(resubmitted.json().status).toBe('awaiting_approval');
    expect((await decideAs(s.owner, post.id, 'reject', 'Off brand')).statusCode).toBe(204);
    expect((await getPost(s.t, s.owner, post.id)).status).toBe('rejected');
    const late = await decideAs(s.owner, post.id, 'approve');
    expect(late.statusCode).toBe(409);
    const events = await history(post.id);
    expect(events.map((e) => e.action)).toEqual(['submit', 'request_changes', 'submit', 'reject']);
    expect(events[1]).toMatchObject({ actorName: 'Eddie Editor', comment: 'Add a link' });
  });

  it('leaves the queue, recorded, when its author saves it back as a draft', async () => {
    const post = await createPost(s.t, contributor, scheduleInput('Not ready after all'));
    const input = { content: 'Not ready after all', platforms: ['mastodon'], action: 'draft' };
    const saved = await contributor.send('PUT', `/api/posts/${post.id}`, input);
    expect(saved.json().status).toBe('draft');
    const queue = await s.owner.send('GET', '/api/approvals');
    expect(queue.json().items.map((item: { postId: string }) => item.postId)).not.toContain(post.id);
    expect((await history(post.id)).map((e) => [e.action, e.toState])).toEqual([
      ['submit', 'awaiting_approval'],
      ['withdraw', 'draft'],
    ]);
  });

  it('gets one decision when two approvers race; the other gets a 409 saying so', async () => {
    const post = await createPost(s.t, contributor, scheduleInput('Race me'));
    const results = await Promise.all([
      decideAs(s.owner, post.id, 'approve'),
      decideAs(editor, post.id, 'reject', 'No'),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([204, 409]);
    expect(results.find((res) => res.statusCode === 409)!.json().message).toBe(
      APPROVAL_MESSAGES.alreadyDecided,
    );
    const decisions = (await history(post.id)).filter((e) => e.action !== 'submit');
    expect(decisions).toHaveLength(1);
  });

  it('expires when its time passes unapproved, and the author is told', async () => {
    const post = await createPost(s.t, contributor, scheduleInput('Too late'));
    await s.t.db
      .update(posts)
      .set({ scheduledAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, post.id));
    const before = (await notificationsOf(contributor.userId, 'approval_expired')).length;
    const tooLate = await decideAs(s.owner, post.id, 'approve');
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe(APPROVAL_MESSAGES.expiredBeforeApproval);
    expect(await expireOverdueApprovals(s.t.db)).toContain(post.id);
    expect(await expireOverdueApprovals(s.t.db)).not.toContain(post.id);
    expect((await getPost(s.t, s.owner, post.id)).status).toBe('expired');
    expect(await notificationsOf(contributor.userId, 'approval_expired')).toHaveLength(before + 1);
    expect((await history(post.id)).at(-1)).toMatchObject({ action: 'expire', actorName: null });
    expect(s.fake.published.filter((p) => p.text === 'Too late')).toHaveLength(0);
  });
});

describe('who decides', () => {
  it('refuses a contributor deciding, and another workspace’s post is 404', async () => {
    const post = await createPost(s.t, contributor, scheduleInput('Mine to approve?'));
    const refused = await decideAs(contributor, post.id, 'approve');
    // The route hook's refusal (the route declares `publish`): no second check answers otherwise.
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: forbiddenMessage('contributor', 'publish'),
    });
    const outsider = await signInAsNewUser(s.t, { name: 'Otto Outsider' });
    expect((await decideAs(outsider, post.id, 'approve')).statusCode).toBe(404);
    expect((await outsider.send('GET', `/api/approvals/${post.id}/history`)).statusCode).toBe(404);
    expect((await getPost(s.t, s.owner, post.id)).status).toBe('awaiting_approval');
  });

  it('schedules an approver’s post at once unless the workspace requires approval for everyone', async () => {
    const direct = await createPost(s.t, editor, scheduleInput('Editor direct'));
    expect(direct.status).toBe('scheduled');
    const refused = await editor.send('PUT', '/api/approvals/settings', { requireApproval: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: forbiddenMessage('editor', 'manageWorkspace'),
    });
    const saved = await s.owner.send('PUT', '/api/approvals/settings', { requireApproval: true });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const waiting = await createPost(s.t, s.owner, scheduleInput('Owner waits too'));
      expect(waiting.status).toBe('awaiting_approval');
    } finally {
      await s.owner.send('PUT', '/api/approvals/settings', { requireApproval: false });
    }
  });
});
