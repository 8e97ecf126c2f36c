import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp, testDriver } from '../../../test/test-app';
import { openDatabase } from '../../db/client';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('GET /api/health on a broken database', () => {
  it('answers 503 with the reason when the database has gone away', async () => {
    const testDb = await createTestDatabase();
    const t = await createTestApp({ database: testDb.database });
    try {
      // The server is up (its job queue started) before the database goes away.
      await t.app.ready();
      await testDb.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', db: 'unreachable' });
      expect(res.json().reason.length).toBeGreaterThan(0);
    } finally {
      await t.close();
      await testDb.cleanup();
    }
  });

  // Only meaningful on the PostgreSQL run; PGlite has no server to refuse connections.
  if (testDriver === 'postgres') {
    it('answers 503 when PostgreSQL refuses connections', async () => {
      const testDb = await createTestDatabase();
      const t = await createTestApp({ database: testDb.database });
      try {
        // Point a second pool at a port nothing listens on, as if the server had gone down.
        const dead = await openDatabase({ driver: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none' });
        t.app.database.ping = dead.ping;
        const res = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(503);
        expect(res.json().db).toBe('unreachable');
        await dead.close();
      } finally {
        await t.close();
        await testDb.cleanup();
      }
    });
  }
});
