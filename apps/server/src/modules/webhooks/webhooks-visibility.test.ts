/**
 * Webhook addresses often carry a token (Slack, Discord, Zapier): members who may not manage webhooks see the
 * address masked (maskWebhookUrl, docs/decisions/0059-removing-others-work.md); owners and admins see it whole.
 */
import { maskWebhookUrl, WEBHOOK_MESSAGES } from '@relaycast/shared/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/auth-requests';
import { joined, type Setup, setUp } from '../approvals/approvals.test-support';

let s: Setup;
const SECRET_URL = 'http://127.0.0.1:9/services/T0123ABCD/B0456EFGH/aBcDeFgHiJkLmNoPqRsTuVwX?token=s3cret';

beforeAll(async () => {
  s = await setUp();
}, 60_000);
afterAll(() => s?.close());

describe('GET /api/webhooks', () => {
  it('masks the address for viewers, contributors and editors; owners and admins see it whole', async () => {
    const made = await s.owner.send('POST', '/api/webhooks', {
      url: SECRET_URL,
      events: ['post.published'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const urlSeenBy = async (who: SignedInUser) => {
      const res = await who.send('GET', '/api/webhooks');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().endpoints[0].url as string;
    };
    for (const role of ['viewer', 'contributor', 'editor']) {
      const member = await joined(s, role, `A ${role}`);
      const seen = await urlSeenBy(member);
      expect(seen, role).toBe(maskWebhookUrl(SECRET_URL));
      expect(seen).not.toContain('s3cret');
      expect(seen).not.toContain('aBcDeFgHiJkLmNoPqRsTuVwX');
    }
    expect(await urlSeenBy(s.owner)).toBe(SECRET_URL);
    expect(await urlSeenBy(await joined(s, 'admin', 'An admin'))).toBe(SECRET_URL);
  });

  it('refuses every change to an editor with the route hook’s FORBIDDEN, before the endpoint is looked up', async () => {
    const editor = await joined(s, 'editor', 'An editor who would');
    for (const [method, url, body] of [
      ['POST', '/api/webhooks', { url: SECRET_URL, events: ['post.published'] }],
      ['DELETE', '/api/webhooks/any', undefined],
      ['PUT', '/api/webhooks/any/paused', { paused: true }],
      ['POST', '/api/webhooks/any/test', undefined],
      ['POST', '/api/webhooks/any/deliveries/any/resend', undefined],
    ] as const) {
      const res = await editor.send(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: WEBHOOK_MESSAGES.adminOnly });
    }
  });
});
