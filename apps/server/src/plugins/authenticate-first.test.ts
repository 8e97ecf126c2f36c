import { GENERIC_MESSAGES } from '@relaycast/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../test/auth-requests';
import { createQueryLoggedApp, type QueryLog } from '../../test/query-log';
import { TEST_ORIGIN, type TestApp } from '../../test/test-app';

/** The routes open without a session; any other /api/ route must answer 401 before looking at its input. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET,POST /api/auth/*',
  'POST /api/contact',
  'GET /api/media/public/:id',
  'GET /api/accounts/oauth/:platform/callback',
  // Cloud import's OAuth return: always a redirect; the state is completed only with the starter's session.
  'GET /api/media/cloud/:provider/callback',
  'GET /api/streaming/sessions/:id/ingest',
  // A read-only analytics report link: the token is the credential (modules/analytics/analytics-reports.ts).
  'GET /api/reports/:token',
  'GET /api/reports/:token/link-clicks',
  'GET /api/reports/:token/overview',
  'GET /api/reports/:token/top-posts',
  // An invitation link: shows the workspace, inviter and role to the invitee before they sign in (modules/members).
  'GET /api/invitations/:token',
  // A client review link: the signed token is the credential; approve or comment only (modules/approvals).
  'GET /api/review/:token',
  // The media of the link's posts only (modules/approvals/approvals-review-page.ts).
  'GET /api/review/:token/media/:mediaId/:variant',
  'POST /api/review/:token/posts/:postId/approve',
  'POST /api/review/:token/posts/:postId/comment',
  // The public API's index (what it offers, how to authenticate); its routes need a key (modules/public-api).
  'GET /api/v1',
  'GET /api/v1/openapi.json',
  'GET /api/docs',
  // Stripe's webhooks: the signature is the credential (modules/billing).
  'POST /api/billing/webhook',
  // The MCP endpoint checks the API key itself (modules/public-api/mcp.ts).
  'POST /api/v1/mcp',
  // Whether this install sends e-mail, for the forgot-password page: about the install, never an account (modules/mail).
  'GET /api/mail/status',
].sort();

describe('authentication before validation', () => {
  let test: TestApp & { queries: QueryLog };
  beforeAll(async () => {
    test = await createQueryLoggedApp();
  });
  afterAll(() => test.close());

  const apiRoutes = () =>
    test.app.registeredRoutes
      .filter((route) => route.url.startsWith('/api/'))
      .map((route) => ({ ...route, methods: route.methods.filter((method) => method !== 'HEAD') }))
      .filter((route) => route.methods.length > 0);

  it('opens only the listed public routes', () => {
    const open = apiRoutes()
      .filter((route) => !route.needsSession)
      .map((route) => `${route.methods.join(',')} ${route.url}`)
      .sort();
    expect(open).toEqual(PUBLIC_ROUTES);
  });

  it('answers 401, not 400, to an anonymous request with a malformed body or params on every other route', async () => {
    const protectedRoutes = apiRoutes().filter((route) => route.needsSession);
    expect(protectedRoutes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      for (const method of route.methods) {
        // Longer than most params' schema allows, shorter than the router's own limit (100).
        const url = route.url.replace(/:[^/]+/g, 'x'.repeat(80));
        const response = await test.app.inject({
          method: method as 'POST',
          url: `${url}?limit=-1&page=abc`,
          headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
          payload: method === 'GET' || method === 'DELETE' ? undefined : '{"content": 42, "platforms": "no"',
        });
        const body = response.json();
        if (response.statusCode !== 401 || body.code !== 'UNAUTHORIZED') {
          wrong.push(`${method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        } else {
          expect(body.message).toBe(GENERIC_MESSAGES.unauthorized);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('loads the session once per request, for the check and the handler together', async () => {
    const { cookie } = await signInAsNewUser(test, { name: 'Once Only' });
    let status = 0;
    const statements = await test.queries.during(async () => {
      status = (await test.app.inject({ method: 'GET', url: '/api/posts', headers: { cookie } })).statusCode;
    });
    expect(status).toBe(200);
    expect(statements.filter((sql) => /from "sessions"/i.test(sql))).toHaveLength(1);
  });

  it('still answers validation messages to a signed-in caller', async () => {
    const { cookie } = await signInAsNewUser(test, { name: 'Val Idation' });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { content: 42 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });
});
