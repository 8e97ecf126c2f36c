import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SERVER_ENTRY = path.resolve(import.meta.dirname, 'server.ts');
const children: ChildProcess[] = [];
/** A wait for a start, not a speed check (`npm run bench` measures start-up). */
const START_TIMEOUT_MS = 90_000;
const dirs: string[] = [];

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<number>((resolve, reject) => {
    // Compiling through tsx and migrating a new PGlite took over 30 s in a full run on a loaded 2-core machine.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), START_TIMEOUT_MS);
    child.stdout?.on('data', () => {
      const match = output.match(/ready on http:\/\/localhost:(\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited:\n${output}`));
    });
  });
  // A test that expects the process to fail never awaits `ready`.
  ready.catch(() => {});
  return { child, ready, exited, output: () => output };
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Runs in the PGlite project only (see vitest.config.ts): the process behaviour does not depend on the driver.
describe('the server process', () => {
  it('exits 78 (EX_CONFIG: not restarted) and lists every bad variable', async () => {
    const server = startServer({ PORT: 'not-a-port', DATABASE_URL: 'mysql://nope', LOG_LEVEL: 'chatty' });
    expect(await server.exited).toBe(78);
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) expect(server.output()).toContain(name);
  });

  it(
    'starts on the embedded database, shuts down cleanly on SIGTERM and keeps the data',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'relaycast-proc-'));
      dirs.push(dataDir);
      const freePort = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const address = probe.address();
          probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
        });
      });
      const env = { PORT: String(freePort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
      const first = startServer(env);
      const port = await first.ready;
      // Node's fetch announces itself like a browser (Sec-Fetch-Mode), so it sends our own origin.
      const headers = { 'content-type': 'application/json', origin: `http://localhost:${freePort}` };
      expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toEqual({
        status: 'ok',
        db: 'ok',
      });
      const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Persisted', email: 'persisted@example.com', password: 'secret1' }),
      });
      expect(signUp.status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      // The embedded database was closed properly: a new process on the same directory finds the account.
      const second = startServer(env);
      const port2 = await second.ready;
      const signIn = await fetch(`http://127.0.0.1:${port2}/api/auth/sign-in/email`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: 'persisted@example.com', password: 'secret1' }),
      });
      expect(signIn.status).toBe(200);
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
      // Two starts and two shutdowns: the suite's 30 s is one start's worth on a loaded machine.
    },
    3 * START_TIMEOUT_MS,
  );
});
