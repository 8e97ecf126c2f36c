import { CLIP_HIGHLIGHT_MESSAGES } from '@relaycast/shared/clips';
import Fastify from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';
import { AppError } from '../lib/app-error';
import { errorsPlugin } from './errors';

describe('the error handler', () => {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    const routes: FastifyPluginAsyncZod = async (instance) => {
      instance.post(
        '/echo',
        { schema: { body: z.object({ name: z.string().min(2, 'Name is too short'), age: z.number() }) } },
        async (request) => request.body,
      );
      instance.get('/teapot', async () => {
        throw new AppError('ANALYSIS_BUSY', { headers: { 'retry-after': '5' } });
      });
      instance.get('/boom', async () => {
        throw new Error('database password is hunter2');
      });
    };
    await app.register(routes);
  });
  afterAll(() => app.close());

  it('answers validation failures with 400 and the field issues', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe('Name is too short');
    expect(body.issues.map((issue: { path: string }) => issue.path)).toEqual(['name', 'age']);
  });

  it('passes an AppError through with its status, message and headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/teapot' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      code: 'ANALYSIS_BUSY',
      message: CLIP_HIGHLIGHT_MESSAGES.busy,
      retryAfterSeconds: 5,
    });
    expect(res.headers['retry-after']).toBe('5');
  });

  it('hides the details of an unexpected error and returns the request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(body.requestId).toBe(res.headers['x-request-id'] ?? body.requestId);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBeTruthy();
  });
});

describe('the built app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers unknown API routes with a 404 in the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('asks for sign-in on a protected API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('sends security headers with a content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
