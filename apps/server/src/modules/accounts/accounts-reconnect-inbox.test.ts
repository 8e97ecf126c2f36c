import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/auth-requests';
import { inboxSyncState } from '../../db/schema/index';
import { insertAccount } from '../engagement/engagement.test-support';
import { saveConnectedAccount } from './accounts.service';

/** Reconnecting an account gives its inbox a fresh start: the old tokens' failure and back-off are gone. */
const s = useTestApp({ ada: 'Ada' });

describe('reconnecting an account', () => {
  it('clears the inbox sync’s error and back-off, so Refresh syncs it at once', async () => {
    const accountId = await insertAccount(s.t, s.ada.workspaceId, 'twitter', { platformAccountId: 'x-42' });
    const later = new Date(Date.now() + 60 * 60_000);
    await s.t.db.insert(inboxSyncState).values({
      accountId,
      workspaceId: s.ada.workspaceId,
      nextSyncAt: later,
      failures: 4,
      lastError: 'The access token is invalid.',
    });
    await saveConnectedAccount(s.t.db, s.t.config, {
      workspace: { id: s.ada.workspaceId, plan: null },
      userId: s.ada.userId,
      platform: 'twitter',
      identity: {
        tokens: { accessToken: 'fresh-token' },
        profile: { platformAccountId: 'x-42', handle: 'ada', displayName: 'Ada' },
      },
    });
    const [state] = await s.t.db.select().from(inboxSyncState).where(eq(inboxSyncState.accountId, accountId));
    expect(state).toMatchObject({ failures: 0, lastError: null, claimedUntil: null });
    expect(state?.nextSyncAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
