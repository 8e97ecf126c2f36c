import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../test/auth-requests';
import { createTestConfig, createTestDatabase, type TestDatabase } from '../../test/test-app';
import { buildApp } from '../app';

/** Structured logs name the request and, once the role check has read it, the caller's workspace. */

const lines: Record<string, unknown>[] = [];
let testDb: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  testDb = await createTestDatabase();
  app = await buildApp(createTestConfig(), { database: testDb.database, logger: { level: 'info', stream } });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await testDb?.cleanup();
});

describe('request logs', () => {
  it('carry the request id and the workspace id', async () => {
    const ada = await signInAsNewUser({ app, db: app.database.db });
    const res = await ada.get('/api/posts');
    expect(res.statusCode).toBe(200);
    const completed = lines.find(
      (line) => line.msg === 'request completed' && line.workspaceId === ada.workspaceId,
    );
    expect(completed).toBeDefined();
    expect(typeof completed?.reqId).toBe('string');
  });
});
