import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from './api.fake';

describe('fakeApi', () => {
  it('answers by method and path (the query string aside), records every call, and 404s the rest', async () => {
    const api = fakeApi({
      'GET /api/posts': { posts: [] },
      'GET /api/best-time?platforms=x': { exact: true },
      'POST /api/posts': ({ body }) => Response.json({ echoed: body }, { status: 201 }),
      'DELETE /api/posts/p1': new Response(null, { status: 204 }),
    });
    expect(await (await fetch('/api/posts?from=2026-01-01')).json()).toEqual({ posts: [] });
    expect(await (await fetch('/api/best-time?platforms=x')).json()).toEqual({ exact: true });
    expect((await fetch('/api/best-time?platforms=y')).status).toBe(404);
    const created = await fetch('/api/posts', { method: 'POST', body: JSON.stringify({ content: 'Hi' }) });
    expect([created.status, await created.json()]).toEqual([201, { echoed: { content: 'Hi' } }]);
    expect((await fetch('/api/posts/p1', { method: 'DELETE' })).status).toBe(204);
    expect((await fetch('/api/posts/p1', { method: 'DELETE' })).status).toBe(204);
    const missing = await fetch('/api/nothing');
    expect([missing.status, (await missing.json()).message]).toEqual([
      404,
      'The fake API has no route for GET /api/nothing',
    ]);
    expect(api.callsTo('POST /api/posts')).toEqual([
      { method: 'POST', url: '/api/posts', body: { content: 'Hi' } },
    ]);
    expect(api.calls).toHaveLength(7);
  });

  it("answers everything else with '*', and errors in the API's shape", async () => {
    fakeApi({ '*': apiError(409, 'Taken.', 'CONFLICT') });
    const answer = await fetch('/api/anything', { method: 'PUT' });
    expect([answer.status, await answer.json()]).toEqual([409, { code: 'CONFLICT', message: 'Taken.' }]);
  });
});
