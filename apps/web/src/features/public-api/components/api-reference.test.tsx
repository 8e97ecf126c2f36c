import { describe, expect, it } from 'vitest';
import { operationsOf, requestUrl } from '../operations';

const DOCUMENT = {
  paths: {
    '/api/v1/posts': {
      get: {
        summary: 'List posts',
        parameters: [
          { name: 'status', in: 'query' as const, required: false, schema: { type: 'string' } },
          { name: 'limit', in: 'query' as const, required: false, schema: { type: 'integer' } },
        ],
      },
      post: {
        summary: 'Create',
        requestBody: { content: { 'application/json': { example: { content: 'Hi' } } } },
      },
    },
    '/api/v1/posts/{id}': {
      delete: {
        parameters: [{ name: 'id', in: 'path' as const, required: true, schema: { type: 'string' } }],
      },
    },
    '/api/v1/media': { post: { requestBody: { content: { 'multipart/form-data': {} } } } },
  },
};

describe('the API reference', () => {
  it('lists each operation of the document with its body kind and example', () => {
    const operations = operationsOf(DOCUMENT);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual([
      'GET /api/v1/posts',
      'POST /api/v1/posts',
      'DELETE /api/v1/posts/{id}',
      'POST /api/v1/media',
    ]);
    expect(operations[1]).toMatchObject({ hasJsonBody: true, isUpload: false, example: { content: 'Hi' } });
    expect(operations[3]).toMatchObject({ hasJsonBody: false, isUpload: true });
  });

  it('fills path parameters (encoded) and appends only the query parameters given', () => {
    const [list, , remove] = operationsOf(DOCUMENT);
    expect(requestUrl(list!, { status: 'draft,scheduled', limit: ' ' })).toBe(
      '/api/v1/posts?status=draft%2Cscheduled',
    );
    expect(requestUrl(list!, {})).toBe('/api/v1/posts');
    expect(requestUrl(remove!, { id: 'a/b?c' })).toBe('/api/v1/posts/a%2Fb%3Fc');
  });
});
