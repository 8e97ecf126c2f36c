import Fastify from 'fastify';
import { serializerCompiler as encodingSerializer } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

/** Answers checked against their response schema by parse (docs/decisions/0126). */

const answerSchema = z.object({
  id: z.string(),
  plan: z.enum(['standard', 'pro']).nullable(),
  count: z.number().int(),
  tags: z.array(z.object({ name: z.string(), color: z.string().optional() })),
  at: z.iso.datetime(),
  extra: z.record(z.string(), z.number()).optional(),
});

const app = Fastify();
beforeAll(async () => {
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/good', { schema: { response: { 200: answerSchema } } }, async () => ({
    id: 'a1',
    plan: null,
    count: 3,
    tags: [{ name: 'launch', color: 'red', secret: 'not in the schema' }],
    at: '2026-11-28T10:00:00.000Z',
    passwordHash: 'never sent',
  }));
  app.get('/accents', { schema: { response: { 200: answerSchema } } }, async () => ({
    id: 'Crème brûlée 🚀 日本',
    plan: null,
    count: 1,
    tags: [],
    at: '2026-11-28T10:00:00.000Z',
  }));
  app.get('/bad', { schema: { response: { 200: answerSchema } } }, async () => ({ id: 1 }));
  app.get('/wrapped', { schema: { response: { 200: { properties: answerSchema } as never } } }, async () => ({
    id: 'b',
    plan: 'pro',
    count: 1,
    tags: [],
    at: '2026-11-28T10:00:00.000Z',
  }));
  await app.ready();
});
afterAll(() => app.close());

describe('the response serializer', () => {
  it('sends only the fields the schema names, at every depth', async () => {
    const res = await app.inject('/good');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 'a1',
      plan: null,
      count: 3,
      tags: [{ name: 'launch', color: 'red' }],
      at: '2026-11-28T10:00:00.000Z',
    });
    expect(res.body).not.toContain('never sent');
    expect(res.body).not.toContain('not in the schema');
  });

  it('refuses an answer that does not match its schema with a 500, sending none of it', async () => {
    const res = await app.inject('/bad');
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('FST_ERR_RESPONSE_SERIALIZATION');
  });

  it('sends text outside ASCII as UTF-8 with its length in bytes', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/accents`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(JSON.parse(bytes.toString('utf8')).id).toBe('Crème brûlée 🚀 日本');
  });

  it('takes a schema given as `properties`, as the type provider does', async () => {
    expect((await app.inject('/wrapped')).json()).toMatchObject({ id: 'b', plan: 'pro' });
  });

  it('writes what the type provider’s encoding serializer wrote', () => {
    const context = { schema: answerSchema, method: 'GET', url: '/x', httpStatus: '200' };
    const value = {
      id: 'c',
      plan: 'standard',
      count: 0,
      tags: [{ name: 'é "quoted"' }],
      at: '2026-01-01T00:00:00.000Z',
      extra: { a: 1 },
      dropped: true,
    };
    const written = responseSerializerCompiler(context)(value) as unknown as Buffer;
    expect(Buffer.isBuffer(written)).toBe(true);
    expect(written.toString('utf8')).toBe(encodingSerializer(context)(value));
  });
});
