import type { SentInvitation } from '@relaycast/shared/members';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/auth-requests';
import { linkInMailTo } from '../../../test/outbox';
import type { Caller } from '../../lib/caller';
import type { OutgoingEmail } from '../mail/mailer';
import { inviteMember } from './invitations.service';

/**
 * An install without an e-mail server (SMTP_URL unset, as the tests run): the invitation e-mail only waits in the
 * outbox, so the inviter gets the link to send themselves; with an e-mail server the link stays in the e-mail.
 */
const s = useTestApp({ owner: 'Olga Owner' });

describe('an invitation without an e-mail server', () => {
  it('answers the accept link, the same one the unsent e-mail holds, and the link works', async () => {
    const res = await s.owner.send('POST', '/api/workspaces/current/invitations', {
      email: 'Nia@Example.com',
      role: 'editor',
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json() as SentInvitation;
    expect(sent).toMatchObject({ email: 'nia@example.com', role: 'editor' });
    const mailed = await linkInMailTo(s.t.db, 'nia@example.com');
    expect(sent.inviteLink).toBe(mailed.href);
    const preview = await s.t.app.inject({
      method: 'GET',
      url: new URL(sent.inviteLink ?? '').pathname.replace('/invite/', '/api/invitations/'),
    });
    expect(preview.json()).toMatchObject({ email: 'nia@example.com', state: 'valid' });
  });

  it('keeps the link out of the answer when an e-mail server carries it', async () => {
    const outbox: OutgoingEmail[] = [];
    const mailer = { delivers: true, send: async (mail: OutgoingEmail) => void outbox.push(mail) };
    const caller = {
      userId: s.owner.userId,
      workspaceId: s.owner.workspaceId,
      name: 'Olga Owner',
      workspaceName: 'W',
    };
    const sent = await inviteMember(
      { db: s.t.db, mailer, linkBase: s.t.config.publicUrl },
      caller as Caller,
      { email: 'mo@example.com', role: 'viewer' },
    );
    expect(sent.inviteLink).toBeNull();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.text).toContain(`${s.t.config.publicUrl}/invite/`);
  });
});
