import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ShortLink } from '@relaycast/shared/short-links';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../test/test-app';
import { shortLinkClicks } from '../../db/schema/index';
import { eventually } from '../publishing/publishing.test-support';

/**
 * 10,000 concurrent clicks on a server process stopped in the middle (SIGTERM, then SIGKILL) and started again
 * on the same data folder (docs/decisions/0080-short-links.md, "Counting"). PostgreSQL only, like
 * publishing-kill.test.ts: the embedded database belongs to one process.
 */

const SERVER_ENTRY = path.resolve(__dirname, '../../server.ts');
const CLICKS = 10_000;
const CONNECTIONS = 50;

let testDb: TestDatabase;
let t: TestApp;
const children: ChildProcess[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await createTestApp({ database: testDb.database, publishing: { runWorkers: false } });
}, 60_000);

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await t?.close();
  await testDb?.cleanup();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** An API process on the test database; resolves with its address once it says it is ready. */
function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      ROLE: 'api',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      DATABASE_URL: testDb.url ?? '',
      APP_SECRET: t.config.appSecret,
      RTMP_ENABLED: 'false',
      STREAM_REMINDER_INTERVAL_MS: '0',
      ENGAGEMENT_SYNC_INTERVAL_SECONDS: '0',
      ANALYTICS_COLLECT_INTERVAL_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.resume();
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Relaycast is ready on (http:\/\/\S+)/.exec(output);
      if (ready?.[1]) resolve({ child, url: ready[1].replace('localhost', '127.0.0.1') });
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
}

/**
 * Clicks the link CLICKS times over CONNECTIONS concurrent loops and calls `midway` once half are answered;
 * answers how many redirects came back (a request the stopped server refused is not one).
 */
async function clickThrough(url: string, midway: () => void): Promise<number> {
  let next = 0;
  let redirected = 0;
  let stopped = false;
  const loop = async () => {
    while (next < CLICKS) {
      next += 1;
      try {
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
        });
        await response.arrayBuffer();
        if (response.status === 302) redirected += 1;
      } catch {
        // Refused or cut by the stop: no redirect reached the visitor.
      }
      if (!stopped && redirected >= CLICKS / 2) {
        stopped = true;
        midway();
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  return redirected;
}

async function countOf(linkId: string): Promise<number> {
  const [row] = await t.db
    .select({ total: sql<number>`coalesce(sum(${shortLinkClicks.count}), 0)::int` })
    .from(shortLinkClicks)
    .where(eq(shortLinkClicks.linkId, linkId));
  return Number(row?.total ?? 0);
}

async function newLink(): Promise<ShortLink> {
  const user = await signInAsNewUser(t);
  const response = await user.send('POST', '/api/short-links', { target: 'https://example.com/' });
  return response.json() as ShortLink;
}

describe('clicks when the server process stops mid-burst', () => {
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it(`counts every redirect that went out, after ${signal} and a restart`, async () => {
      const link = await newLink();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'relaycast-clicks-'));
      dataDirs.push(dataDir);
      const first = await startServer(dataDir);
      const exited = new Promise((resolve) => first.child.once('exit', resolve));
      const redirected = await clickThrough(`${first.url}/${link.code}`, () => first.child.kill(signal));
      await exited;
      expect(redirected).toBeGreaterThanOrEqual(CLICKS / 2);
      expect(redirected).toBeLessThan(CLICKS);
      // The restart counts what the killed process journaled (its segments, once untouched for 10 s).
      const second = await startServer(dataDir);
      const counted = await eventually(
        () => countOf(link.id),
        (count) => count >= redirected,
        40_000,
      );
      // A click journaled while its answer was being cut may count without a redirect: at most one per
      // connection in flight. None that went out is lost.
      expect(counted - redirected).toBeLessThanOrEqual(signal === 'SIGTERM' ? 0 : CONNECTIONS);
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
      expect(await countOf(link.id)).toBe(counted);
    }, 120_000);
  }
});
