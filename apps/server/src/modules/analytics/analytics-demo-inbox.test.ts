import { ENGAGEMENT_MESSAGES, type InboxItem } from '@relaycast/shared/engagement';
import { ENGAGEMENT_CAPABILITIES } from '@relaycast/shared/engagement-capabilities';
import type { PlatformId } from '@relaycast/shared/platforms';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/auth-requests';
import { engagementActions } from '../../db/schema/index';
import { generateDemoHistory } from './analytics-demo';
import { generateDemoInbox } from './analytics-demo-inbox';

/** The demo workspace's inbox (analytics-demo-inbox.ts): not empty, labelled demo, and answered without a network. */
const s = useTestApp({ dana: 'Dana Demo', bob: 'Bob Other' });

describe('the demo workspace’s inbox', () => {
  it('generates only the kinds each network’s inbox reads, comments under the demo’s own posts', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const history = generateDemoHistory('w1', now);
    const rows = generateDemoInbox('w1', history.accountRows, history.targetRows, now);
    const kinds = new Set(rows.map((row) => row.kind));
    expect(kinds).toEqual(new Set(['comment', 'mention', 'message']));
    for (const row of rows) {
      const can = ENGAGEMENT_CAPABILITIES[row.platform as PlatformId];
      const reads = { comment: can.readComments, mention: can.readMentions, message: can.readMessages };
      expect(reads[row.kind], `${row.platform} ${row.kind}`).toBe(true);
      expect(row.platformItemId.startsWith('demo-')).toBe(true);
      expect(row.arrivedAt.getTime()).toBeLessThan(now.getTime());
      if (row.kind === 'comment') {
        expect(history.targetRows.some((target) => target.postId === row.postId)).toBe(true);
      }
    }
    expect(rows.filter((row) => row.status === 'unanswered').length).toBeGreaterThan(rows.length / 2);
  });

  it('shows the items labelled demo, and a reply is recorded and answered without calling a network', async () => {
    const created = await s.dana.send('POST', '/api/analytics/demo');
    expect(created.statusCode, created.body).toBe(200);

    const inbox = (await s.dana.get('/api/engagement/inbox')).json().items as InboxItem[];
    expect(inbox.length).toBeGreaterThanOrEqual(8);
    expect(inbox.every((item) => item.demo === true)).toBe(true);
    expect(new Set(inbox.map((item) => item.kind))).toEqual(new Set(['comment', 'mention', 'message']));

    const comment = inbox.find((item) => item.kind === 'comment' && item.status === 'unanswered')!;
    const reply = await s.dana.send('POST', '/api/engagement/actions', {
      userId: s.dana.userId,
      action: 'comment',
      platform: comment.platform,
      content: 'Thank you! See you on Friday.',
      itemId: comment.id,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().message).toBe(ENGAGEMENT_MESSAGES.demoNotSent);
    expect(reply.json().record).toMatchObject({ outcome: 'sent', itemId: comment.id });
    const [action] = await s.t.db
      .select()
      .from(engagementActions)
      .where(eq(engagementActions.id, reply.json().record.id));
    expect(action?.platformResultId?.startsWith('demo-')).toBe(true);
    const after = (await s.dana.get('/api/engagement/inbox')).json().items as InboxItem[];
    expect(after.find((item) => item.id === comment.id)?.status).toBe('answered');

    // Another workspace sees none of it and cannot act on it.
    expect((await s.bob.get('/api/engagement/inbox')).json().items).toEqual([]);
    const foreign = await s.bob.send('POST', '/api/engagement/actions', {
      userId: s.bob.userId,
      action: 'comment',
      platform: comment.platform,
      content: 'Hi',
      itemId: comment.id,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
