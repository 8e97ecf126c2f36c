import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** `GET /api/mail/status`: what the forgot-password page and the report schedule read before promising an e-mail. */
describe('whether this install sends e-mail', () => {
  let withoutSmtp: TestApp;
  let withSmtp: TestApp;
  beforeAll(async () => {
    [withoutSmtp, withSmtp] = await Promise.all([
      createTestApp(),
      // Never used to send here: the status only reads whether SMTP_URL is set.
      createTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:9' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([withoutSmtp?.close(), withSmtp?.close()]);
  });

  it('answers anyone, signed in or not, without SMTP_URL: no e-mail leaves the server', async () => {
    const res = await withoutSmtp.app.inject({ method: 'GET', url: '/api/mail/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ delivers: false });
  });

  it('says e-mail is delivered once SMTP_URL is set', async () => {
    const res = await withSmtp.app.inject({ method: 'GET', url: '/api/mail/status' });
    expect(res.json()).toEqual({ delivers: true });
  });

  it('takes no input: another method is not a route', async () => {
    const res = await withoutSmtp.app.inject({ method: 'POST', url: '/api/mail/status', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
