import { CONTACT_INBOX_PAGE_SIZE, type ContactInbox } from '@relaycast/shared/contact';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { contactMessages, emailOutbox } from '../../db/schema/index';
import { notifyAdministrators } from '../contact/contact-notify';
import type { OutgoingEmail } from '../mail/mailer';
import { useAdminTestApp } from './admin.test-support';

/**
 * The contact form's inbox on the /admin page: what visitors send reaches the server's administrators
 * (ADMIN_EMAILS) and nobody else; `GET /api/admin/me` tells the app whether to link the page.
 */

const s = useAdminTestApp();

describe('GET /api/admin/me', () => {
  it('says whether the caller administers this server, and needs a session', async () => {
    expect((await s.admin.send('GET', '/api/admin/me')).json()).toEqual({ admin: true });
    expect((await s.someone.send('GET', '/api/admin/me')).json()).toEqual({ admin: false });
    expect((await s.t.app.inject({ method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/contact-messages', () => {
  it('shows the administrator a message sent from the contact form, and nobody else', async () => {
    const sent = await s.t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Vera Visitor', email: 'Vera@Example.com', message: 'Do you support Pixelfed yet?' },
    });
    expect(sent.statusCode).toBe(201);

    const inbox = await s.admin.send('GET', '/api/admin/contact-messages');
    expect(inbox.statusCode).toBe(200);
    const body = inbox.json() as ContactInbox;
    expect(body.messages[0]).toMatchObject({
      name: 'Vera Visitor',
      email: 'vera@example.com',
      message: 'Do you support Pixelfed yet?',
    });
    expect(Date.parse(body.messages[0]?.createdAt ?? '')).not.toBeNaN();
    expect(body.messages[0]).not.toHaveProperty('ipAddress');

    for (const url of ['/api/admin/contact-messages', '/api/admin/contact-messages?before=oops']) {
      expect((await s.someone.send('GET', url)).statusCode).toBe(404);
    }
    expect((await s.t.app.inject({ method: 'GET', url: '/api/admin/contact-messages' })).statusCode).toBe(
      401,
    );
  });

  it('pages newest first with `before`, and refuses a malformed one', async () => {
    await s.t.db.insert(contactMessages).values(
      Array.from({ length: CONTACT_INBOX_PAGE_SIZE + 5 }, (_, n) => ({
        name: `Sender ${n}`,
        email: `sender${n}@example.com`,
        message: `Message number ${n}`,
      })),
    );
    const first = (await s.admin.send('GET', '/api/admin/contact-messages')).json() as ContactInbox;
    expect(first.messages).toHaveLength(CONTACT_INBOX_PAGE_SIZE);
    expect(first.messages[0]?.message).toBe(`Message number ${CONTACT_INBOX_PAGE_SIZE + 4}`);
    const ids = first.messages.map((message) => message.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.nextBefore).toBe(ids.at(-1));

    const url = `/api/admin/contact-messages?before=${first.nextBefore}`;
    const second = (await s.admin.send('GET', url)).json() as ContactInbox;
    // Five from the batch and the one sent through the form.
    expect(second.messages.map((message) => message.email)).toEqual([
      ...[4, 3, 2, 1, 0].map((n) => `sender${n}@example.com`),
      'vera@example.com',
    ]);
    expect(second.nextBefore).toBeNull();

    for (const before of ['oops', '-1', '0', '1.5', '99999999999']) {
      const res = await s.admin.send('GET', `/api/admin/contact-messages?before=${before}`);
      expect(res.statusCode, before).toBe(400);
    }
  });
});

describe('the e-mail to the administrators', () => {
  it('goes to each administrator with the visitor as Reply-To, once the job has run', async () => {
    const app = await createTestApp({
      config: { billingMode: 'self-hosted', adminEmails: ['ida@example.com', 'ivo@example.com'] },
      publishing: { runWorkers: true },
    });
    try {
      const sent = await app.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: {
          name: 'Vera Visitor',
          email: 'vera@example.com',
          message: 'Is there a Pixelfed connector?',
        },
      });
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toEqual({ receivedAt: expect.any(String) });
      await vi.waitFor(
        async () => {
          const mails = await app.db.select().from(emailOutbox).orderBy(emailOutbox.toAddress);
          expect(mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([
            ['ida@example.com', 'Contact form: Vera Visitor'],
            ['ivo@example.com', 'Contact form: Vera Visitor'],
          ]);
          expect(mails[0]?.textBody).toContain('Is there a Pixelfed connector?');
          expect(mails[0]?.textBody).toContain(`${app.config.publicUrl}/admin`);
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      await app.close();
    }
  }, 60_000);

  it('passes the visitor’s address as Reply-To and sends nothing without administrators', async () => {
    const sentMail: OutgoingEmail[] = [];
    const mailer = { send: async (mail: OutgoingEmail) => void sentMail.push(mail) };
    const [row] = await s.t.db
      .insert(contactMessages)
      .values({ name: 'Rita', email: 'rita@example.com', message: 'A question about plans.' })
      .returning({ id: contactMessages.id });
    const id = row?.id ?? 0;
    const config = { adminEmails: ['ida@example.com'], publicUrl: s.t.config.publicUrl };
    expect(await notifyAdministrators({ db: s.t.db, config, mailer }, id)).toBe(1);
    expect(sentMail).toMatchObject([{ to: 'ida@example.com', replyTo: 'rita@example.com' }]);
    expect(
      await notifyAdministrators({ db: s.t.db, config: { ...config, adminEmails: [] }, mailer }, id),
    ).toBe(0);
    expect(await notifyAdministrators({ db: s.t.db, config, mailer }, 2_000_000_000)).toBe(0);
    expect(sentMail).toHaveLength(1);
  });
});
