import { CONTACT_RATE_LIMIT } from '@relaycast/shared/contact';
import { AUTH_MESSAGES, CONTACT_MESSAGES } from '@relaycast/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, uniqueEmail } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { contactMessages } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
/** A client address of its own, so each test's per-IP count starts at zero (the app trusts the proxy). */
function uniqueIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

function sendContact(body: Record<string, unknown>, ip = uniqueIp()) {
  return postJson(t.app, '/api/contact', body, { 'x-forwarded-for': ip });
}

function messageFrom(email: string, text = 'Hello! I would like to know more about self-hosting.') {
  return { name: 'Ada Lovelace', email, message: text };
}

async function storedFor(email: string) {
  return t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

describe('POST /api/contact', () => {
  it('stores the message with the normalised address and the client IP, and confirms', async () => {
    const email = uniqueEmail('contact');
    const ip = uniqueIp();
    const res = await postJson(
      t.app,
      '/api/contact',
      {
        name: '  Ada Lovelace ',
        email: `  ${email.toUpperCase()} `,
        message: '  Can I run Relaycast on a Pi?  ',
      },
      { 'x-forwarded-for': ip, 'user-agent': 'contact-test' },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['receivedAt']);
    expect(new Date(body.receivedAt).getTime()).not.toBeNaN();

    const rows = await storedFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ada Lovelace',
      email,
      message: 'Can I run Relaycast on a Pi?',
      ipAddress: ip,
      userAgent: 'contact-test',
    });
  });

  it('refuses invalid input with 400 and the field messages, and stores nothing', async () => {
    const email = uniqueEmail('invalid');
    const cases = [
      {
        body: { name: '', email, message: 'A perfectly fine message.' },
        message: CONTACT_MESSAGES.nameRequired,
      },
      {
        body: { name: 'Ada', email: 'not-an-email', message: 'A perfectly fine message.' },
        message: AUTH_MESSAGES.invalidEmail,
      },
      { body: { name: 'Ada', email, message: 'Too short' }, message: CONTACT_MESSAGES.messageTooShort },
      { body: { name: 'Ada', email }, message: undefined },
    ];
    for (const { body, message } of cases) {
      const res = await sendContact(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await storedFor(email)).toHaveLength(0);
    expect(await storedFor('not-an-email')).toHaveLength(0);
  });

  it('refuses a body that is not a JSON object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: 'name=Ada',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('contact rate limits', () => {
  it(`accepts ${CONTACT_RATE_LIMIT.perEmail} messages per address per hour, then refuses with a clear message`, async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < CONTACT_RATE_LIMIT.perEmail; i += 1) {
      // A different client each time: the address alone is what is limited here.
      expect((await sendContact(messageFrom(email))).statusCode).toBe(201);
    }
    const refused = await sendContact(messageFrom(email.toUpperCase()));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: CONTACT_MESSAGES.rateLimited,
      retryAfterSeconds: Number(refused.headers['retry-after']),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowMinutes * 60);
    expect(await storedFor(email)).toHaveLength(CONTACT_RATE_LIMIT.perEmail);

    // Another address is not affected.
    expect((await sendContact(messageFrom(uniqueEmail('other')))).statusCode).toBe(201);
  });

  it(`accepts ${CONTACT_RATE_LIMIT.perIp} messages per client IP per hour, whatever the addresses`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.perIp; i += 1) {
      expect((await sendContact(messageFrom(uniqueEmail('rotating')), ip)).statusCode).toBe(201);
    }
    const email = uniqueEmail('rotating');
    const refused = await sendContact(messageFrom(email), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(CONTACT_MESSAGES.rateLimited);
    expect(await storedFor(email)).toHaveLength(0);

    // Another client is not affected.
    expect((await sendContact(messageFrom(email), uniqueIp())).statusCode).toBe(201);
  });

  it('holds the limit when many messages arrive at once', async () => {
    const email = uniqueEmail('burst');
    const responses = await Promise.all(Array.from({ length: 8 }, () => sendContact(messageFrom(email))));
    const codes = responses.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(CONTACT_RATE_LIMIT.perEmail);
    expect(codes.filter((code) => code === 429)).toHaveLength(8 - CONTACT_RATE_LIMIT.perEmail);
    expect(await storedFor(email)).toHaveLength(CONTACT_RATE_LIMIT.perEmail);
  });

  it('counts only messages inside the window', async () => {
    const email = uniqueEmail('aged');
    for (let i = 0; i < CONTACT_RATE_LIMIT.perEmail; i += 1) {
      expect((await sendContact(messageFrom(email))).statusCode).toBe(201);
    }
    expect((await sendContact(messageFrom(email))).statusCode).toBe(429);
    await t.db
      .update(contactMessages)
      .set({ createdAt: sql`now() - make_interval(mins => ${CONTACT_RATE_LIMIT.windowMinutes + 1})` })
      .where(eq(contactMessages.email, email));
    expect((await sendContact(messageFrom(email))).statusCode).toBe(201);
  });
});
