import {
  API_KEY_MAX_PER_WORKSPACE,
  API_KEY_MESSAGES,
  API_KEY_RATE_LIMIT,
} from '@relaycast/shared/public-api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { apiKeys, posts } from '../../db/schema/index';
import { hashApiKey } from './api-keys.service';
import { OPENAPI_EXAMPLES } from './openapi';
import { rewritePublicApiUrl } from './public-api';

/** Security → API keys and the public API `/api/v1` (docs/public-api.md): keys, scopes, revocation, the toggle, limits. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createKey(member: SignedInUser, body: unknown) {
  return member.send('POST', '/api/api-keys', body);
}

async function newKey(member: SignedInUser, scopes: string[] = ['read', 'write'], name = 'Zapier') {
  const res = await createKey(member, { name, scopes });
  expect(res.statusCode).toBe(201);
  return res.json() as { key: { id: string; start: string; scopes: string[] }; secret: string };
}

function withKey(
  secret: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

describe('managing keys', () => {
  it('creates a key shown once, stores only its hash and lists it with its start and scopes', async () => {
    const ada = await signInAsNewUser(t);
    const { key, secret } = await newKey(ada, ['read']);
    expect(secret).toMatch(/^rc_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Zapier', start: secret.slice(0, 11), scopes: ['read'] });

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.keyHash).toBe(hashApiKey(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await ada.get('/api/api-keys');
    expect(list.json()).toEqual({
      enabled: true,
      keys: [expect.objectContaining({ id: key.id, start: key.start, lastUsedAt: null })],
    });
    expect(list.body).not.toContain(secret);
  });

  it('write implies read; a name and a scope are required, with the messages the form shows', async () => {
    const ada = await signInAsNewUser(t);
    expect((await newKey(ada, ['write'])).key.scopes).toEqual(['read', 'write']);
    const noName = await createKey(ada, { name: '   ', scopes: ['read'] });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(API_KEY_MESSAGES.nameRequired);
    const noScope = await createKey(ada, { name: 'CLI', scopes: [] });
    expect(noScope.json().message).toBe(API_KEY_MESSAGES.scopeRequired);
    const badScope = await createKey(ada, { name: 'CLI', scopes: ['admin'] });
    expect(badScope.statusCode).toBe(400);
    expect((await ada.get('/api/api-keys')).json().keys).toHaveLength(1);
  });

  it(`refuses keys past ${API_KEY_MAX_PER_WORKSPACE} in a workspace, even when the requests race`, async () => {
    const ada = await signInAsNewUser(t);
    const answers = await Promise.all(
      Array.from({ length: API_KEY_MAX_PER_WORKSPACE + 3 }, (_, i) =>
        createKey(ada, { name: `Key ${i}`, scopes: ['read'] }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(API_KEY_MAX_PER_WORKSPACE);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(refused.map((res) => res.json())).toEqual(
      Array(3).fill({ code: 'API_KEY_LIMIT', message: API_KEY_MESSAGES.tooMany }),
    );
  });

  it('revokes a key: requests with it fail at once; another user cannot revoke or see it', async () => {
    const ada = await signInAsNewUser(t);
    const eve = await signInAsNewUser(t, { name: 'Eve' });
    const { key, secret } = await newKey(ada);
    expect((await withKey(secret, 'GET', '/api/v1/posts')).statusCode).toBe(200);

    expect((await eve.send('DELETE', `/api/api-keys/${key.id}`)).statusCode).toBe(404);
    expect((await eve.get('/api/api-keys')).json().keys).toEqual([]);
    expect((await withKey(secret, 'GET', '/api/v1/posts')).statusCode).toBe(200);

    expect((await ada.send('DELETE', `/api/api-keys/${key.id}`)).statusCode).toBe(204);
    const after = await withKey(secret, 'GET', '/api/v1/posts');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'API_KEY_INVALID', message: API_KEY_MESSAGES.invalid });
    expect((await ada.get('/api/api-keys')).json().keys).toEqual([]);
    expect((await ada.send('DELETE', `/api/api-keys/${key.id}`)).json().message).toBe(
      API_KEY_MESSAGES.notFound,
    );
  });

  it('an API key cannot manage keys: the key routes take the session only', async () => {
    const ada = await signInAsNewUser(t);
    const { secret } = await newKey(ada);
    expect((await withKey(secret, 'GET', '/api/api-keys')).statusCode).toBe(401);
    expect((await withKey(secret, 'POST', '/api/api-keys', { name: 'x', scopes: ['read'] })).statusCode).toBe(
      401,
    );
    expect((await withKey(secret, 'GET', '/api/v1/api-keys')).statusCode).toBe(404);
  });
});

describe('the public API', () => {
  it('creates, reads, lists and deletes posts with a read + write key, in the key’s workspace', async () => {
    const ada = await signInAsNewUser(t);
    const { secret } = await newKey(ada);
    const created = await withKey(secret, 'POST', '/api/v1/posts', {
      content: 'From the API',
      platforms: ['twitter'],
      action: 'draft',
    });
    expect(created.statusCode).toBe(201);
    const post = created.json() as { id: string; content: string };
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ workspaceId: ada.workspaceId, content: 'From the API' });

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/${post.id}`,
      headers: { 'x-api-key': secret },
    });
    expect(one.json()).toMatchObject({ id: post.id, content: 'From the API' });
    const listed = await withKey(secret, 'GET', '/api/v1/posts?limit=10');
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).toContain(post.id);
    expect((await withKey(secret, 'DELETE', `/api/v1/posts/${post.id}`)).statusCode).toBeLessThan(300);
    expect((await withKey(secret, 'GET', '/api/v1/accounts')).statusCode).toBe(200);
  });

  it('lists the labels and creates and reads posts carrying them (docs/labels.md)', async () => {
    const ada = await signInAsNewUser(t);
    const { secret } = await newKey(ada);
    const label = (await ada.send('POST', '/api/labels', { name: 'From Zapier', color: 'teal' })).json();
    expect((await withKey(secret, 'GET', '/api/v1/labels')).json()).toEqual({ labels: [label] });
    const created = await withKey(secret, 'POST', '/api/v1/posts', {
      content: 'Labelled from the API',
      platforms: ['twitter'],
      action: 'draft',
      labelIds: [label.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().labels).toEqual([label]);
    const listed = await withKey(secret, 'GET', `/api/v1/posts?label=${label.id}`);
    expect(listed.json().posts.map((post: { id: string }) => post.id)).toEqual([created.json().id]);
  });

  it('validates with the app’s own schemas and answers errors in the app’s shape', async () => {
    const ada = await signInAsNewUser(t);
    const { secret } = await newKey(ada);
    const bad = await withKey(secret, 'POST', '/api/v1/posts', { content: 'x', platforms: ['myspace'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    const unknown = await withKey(secret, 'GET', '/api/v1/settings');
    expect(unknown.statusCode).toBe(404);
  });

  it('a read key reads but may not write; nothing is created', async () => {
    const ada = await signInAsNewUser(t);
    const { secret } = await newKey(ada, ['read']);
    expect((await withKey(secret, 'GET', '/api/v1/posts')).statusCode).toBe(200);
    const write = await withKey(secret, 'POST', '/api/v1/posts', {
      content: 'Nope',
      platforms: ['twitter'],
      action: 'draft',
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ code: 'API_KEY_READ_ONLY', message: API_KEY_MESSAGES.readOnly });
    expect(await t.db.select().from(posts).where(eq(posts.workspaceId, ada.workspaceId))).toEqual([]);
  });

  it('never sees another workspace’s posts', async () => {
    const ada = await signInAsNewUser(t);
    const eve = await signInAsNewUser(t, { name: 'Eve' });
    const adaPost = await ada.send('POST', '/api/posts', {
      content: 'Ada’s',
      platforms: ['twitter'],
      action: 'draft',
    });
    const { secret } = await newKey(eve);
    const peek = await withKey(secret, 'GET', `/api/v1/posts/${adaPost.json().id}`);
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain('Ada’s');
    expect((await withKey(secret, 'DELETE', `/api/v1/posts/${adaPost.json().id}`)).statusCode).toBe(404);
  });

  it('the session cookie does not open the public API, and a key does not open the app’s API', async () => {
    const ada = await signInAsNewUser(t);
    const { secret } = await newKey(ada);
    const withCookie = await ada.get('/api/v1/posts');
    expect(withCookie.statusCode).toBe(401);
    expect(withCookie.json()).toEqual({
      code: 'API_KEY_MISSING',
      message: API_KEY_MESSAGES.missing,
    });
    expect((await withKey(secret, 'GET', '/api/posts')).statusCode).toBe(401);
    const wrong = await withKey(`rc_${'A'.repeat(43)}`, 'GET', '/api/v1/posts');
    expect(wrong.json()).toEqual({ code: 'API_KEY_INVALID', message: API_KEY_MESSAGES.invalid });
    const junk = await withKey('not-a-key\u0000', 'GET', '/api/v1/posts');
    expect(junk.statusCode).toBe(401);
  });

  it('turning API key access off stops every key of the user; on again, they work', async () => {
    const ada = await signInAsNewUser(t);
    const { secret } = await newKey(ada);
    const settings = (await ada.get('/api/settings')).json();
    const off = await ada.send('PUT', '/api/settings', {
      ...settings,
      security: { ...settings.security, apiKeyEnabled: false },
    });
    expect(off.statusCode).toBe(200);
    const refused = await withKey(secret, 'GET', '/api/v1/posts');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      code: 'API_KEY_ACCESS_OFF',
      message: API_KEY_MESSAGES.disabled,
    });
    expect((await ada.get('/api/api-keys')).json().enabled).toBe(false);
    await ada.send('PUT', '/api/settings', settings);
    expect((await withKey(secret, 'GET', '/api/v1/posts')).statusCode).toBe(200);
  });

  it('records the last use and counts the requests down in RateLimit headers', async () => {
    const ada = await signInAsNewUser(t);
    const { key, secret } = await newKey(ada);
    const first = await withKey(secret, 'GET', '/api/v1/posts');
    expect(first.headers['ratelimit-limit']).toBe(String(API_KEY_RATE_LIMIT.requests));
    expect(first.headers['ratelimit-remaining']).toBe(String(API_KEY_RATE_LIMIT.requests - 1));
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    const second = await withKey(secret, 'GET', '/api/v1/accounts');
    expect(second.headers['ratelimit-remaining']).toBe(String(API_KEY_RATE_LIMIT.requests - 2));
    const listed = (await ada.get('/api/api-keys')).json().keys as {
      id: string;
      lastUsedAt: string | null;
    }[];
    expect(listed.find((k) => k.id === key.id)?.lastUsedAt).not.toBeNull();
  });

  it(`refuses the user's ${API_KEY_RATE_LIMIT.requests + 1}st request of a window, whichever of their keys; another user goes on`, async () => {
    const ada = await signInAsNewUser(t);
    // More keys give no more requests: the window is the user's (docs/public-api.md).
    const keys = [
      await newKey(ada, ['read'], 'Busy'),
      await newKey(ada, ['read'], 'Quiet'),
      await newKey(ada, ['read'], 'Third'),
    ];
    for (let i = 0; i < API_KEY_RATE_LIMIT.requests; i++) {
      const res = await withKey(keys[i % keys.length]!.secret, 'GET', '/api/v1/accounts');
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-remaining']).toBe(String(API_KEY_RATE_LIMIT.requests - i - 1));
    }
    for (const key of keys) {
      const limited = await withKey(key.secret, 'GET', '/api/v1/accounts');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect(limited.json().message).toMatch(
        /^Too many requests with your API keys\. Try again in \d+ seconds?\.$/,
      );
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['ratelimit-limit']).toBe(String(API_KEY_RATE_LIMIT.requests));
      expect(limited.headers['ratelimit-remaining']).toBe('0');
    }
    const bob = await signInAsNewUser(t, { name: 'Bob' });
    const bobs = await newKey(bob, ['read']);
    expect((await withKey(bobs.secret, 'GET', '/api/v1/accounts')).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes every /api/v1 route with its schemas, security and the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; responses: Record<string, unknown>; security: unknown[] }>
      >;
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKeyHeader', 'bearer']);
    const index = (await t.app.inject({ method: 'GET', url: '/api/v1' })).json() as {
      routes: { method: string; path: string }[];
    };
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.sort()).toEqual(index.routes.map((route) => `${route.method} ${route.path}`).sort());
    const create = doc.paths['/api/v1/posts']!.post!;
    expect(JSON.stringify(create.requestBody)).toContain('"platforms"');
    expect(create.responses['201']).toBeDefined();
    expect(create.responses['429']).toEqual(expect.objectContaining({ description: 'An error' }));
    expect(JSON.stringify(doc.paths['/api/v1/media']!.post!.requestBody)).toContain('multipart/form-data');
    expect(doc.paths['/api/v1/posts/{id}']!.get!.security.length).toBe(2);
  });

  it('its examples are accepted by the API', async () => {
    const ada = await signInAsNewUser(t);
    const { secret } = await newKey(ada);
    const created = await withKey(secret, 'POST', '/api/v1/posts', OPENAPI_EXAMPLES['POST /posts']);
    expect(created.statusCode).toBe(201);
    const moved = await withKey(
      secret,
      'PATCH',
      `/api/v1/posts/${created.json().id}/schedule`,
      OPENAPI_EXAMPLES['PATCH /posts/:id/schedule'],
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().scheduledAt).toBe(new Date('2030-06-04T10:00:00Z').toISOString());
  });
});

describe('pieces', () => {
  it('GET /api/v1 lists every route of the public API without a key', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/api/v1' });
    expect(index.statusCode).toBe(200);
    const body = index.json() as { routes: { method: string; path: string }[] };
    expect(body.routes).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/v1/posts' }));
    for (const route of body.routes) {
      const url = route.path.replace(':id', 'x');
      expect(rewritePublicApiUrl(route.method, url)).toBe(url.replace('/api/v1', '/api'));
      const target = url.replace('/api/v1', '/api');
      const known = t.app.registeredRoutes.some(
        (registered) =>
          registered.methods.includes(route.method) &&
          new RegExp(`^${registered.url.replace(/:[a-zA-Z]+/g, '[^/]+')}$`).test(target),
      );
      expect(known, `${route.method} ${target} is a route of the app`).toBe(true);
    }
  });

  it('rewrites only the listed routes, keeping the query', () => {
    expect(rewritePublicApiUrl('GET', '/api/v1/posts?limit=5')).toBe('/api/posts?limit=5');
    expect(rewritePublicApiUrl('DELETE', '/api/v1/posts/abc')).toBe('/api/posts/abc');
    expect(rewritePublicApiUrl('HEAD', '/api/v1/accounts')).toBe('/api/accounts');
    expect(rewritePublicApiUrl('POST', '/api/v1/accounts')).toBe('/api/v1/accounts');
    expect(rewritePublicApiUrl('GET', '/api/v1/posts/a/b')).toBe('/api/v1/posts/a/b');
    expect(rewritePublicApiUrl('GET', '/api/v1/settings')).toBe('/api/v1/settings');
    expect(rewritePublicApiUrl('GET', '/api/posts')).toBe('/api/posts');
  });
});
