// What the benchmark scripts share: a free port, and the built server started on a fresh data directory.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverProcessEnv } from './server-env.mjs';
import { ROOT } from './setup.mjs';

export const SERVER_ENTRY = path.join(ROOT, 'apps', 'server', 'dist', 'server.js');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Node flags for the server under test from `BENCH_SERVER_NODE_ARGS` (`--cpu-prof`, `--inspect=…` to profile it;
 * `--trace-gc` with `BENCH_SERVER_STDOUT=1`, which passes the server's standard output through).
 */
function benchServerNodeArgs() {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/**
 * Starts `apps/server/dist/server.js` on a free port with a fresh embedded database and waits for
 * `/api/health`. `stop()` ends it and removes its data directory.
 */
export async function startBuiltServer({ env = {}, tmpPrefix = 'relaycast-bench-' } = {}) {
  const port = await freePort();
  // The RTMP relay too: 1935 may be taken (another server, another benchmark) and must never be assumed free.
  const rtmpPort = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  const child = spawn(process.execPath, [...benchServerNodeArgs(), SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
    env: serverProcessEnv({
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      RTMP_PORT: String(rtmpPort),
      RTMP_HOST: '127.0.0.1',
      ...env,
    }),
  });
  const url = `http://localhost:${port}`;
  // A fresh data directory runs initdb first: on a busy 2-core machine that alone can take most of a minute
  // (BENCH_SERVER_START_SECONDS waits longer on a host shared with other work).
  const startSeconds = Number(process.env.BENCH_SERVER_START_SECONDS) || 120;
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) {
      // Never leave it running behind the benchmark (it would hold its ports and the caller's output).
      child.kill('SIGKILL');
      throw new Error(`the server did not start in ${startSeconds} s`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    rtmpPort,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const BENCH_DOC = path.join(ROOT, 'docs', 'benchmarks.md');

/**
 * Replaces one `## …` section of docs/benchmarks.md (from its title to the next `## ` heading), or appends it
 * when the document has none yet. Each benchmark script owns one section.
 */
export function writeBenchSection(title, section) {
  const current = existsSync(BENCH_DOC) ? readFileSync(BENCH_DOC, 'utf8') : '# Benchmarks\n';
  const start = current.indexOf(title);
  let next;
  if (start === -1) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const after = current.indexOf('\n## ', start + title.length);
    next = `${current.slice(0, start)}${section}${after === -1 ? '' : `\n${current.slice(after + 1)}`}`;
  }
  writeFileSync(BENCH_DOC, `${next.trimEnd()}\n`);
}

/**
 * Spawns the built server with exactly `env` on top of this process's (its own database URL or data
 * directory), keeping its output for the error when it dies. `ready(baseUrl)` waits for `/api/health`;
 * `stop()` ends it. `BENCH_SERVER_NODE_ARGS` adds Node flags (`--cpu-prof` to profile it).
 */
export function spawnBuiltServer(env, label) {
  const child = spawn(process.execPath, [...benchServerNodeArgs(), SERVER_ENTRY], {
    cwd: ROOT,
    env: serverProcessEnv({ ...process.env, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    // BENCH_SERVER_STDOUT=1 (`--trace-gc`) passes it through here too, as startBuiltServer does.
    if (process.env.BENCH_SERVER_STDOUT) process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    async ready(baseUrl) {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`${label} server exited:\n${output}`);
        try {
          if ((await fetch(`${baseUrl}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      child.kill('SIGKILL');
      throw new Error(`${label} server did not start in 120 s:\n${output}`);
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** POST /api/auth/<endpoint> as the browser would (same origin), throwing on anything but a success. */
export async function authRequest(baseUrl, endpoint, body) {
  const res = await fetch(`${baseUrl}/api/auth/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${endpoint} failed: ${res.status} ${await res.text()}`);
  return res;
}

/** Signs in and returns the Cookie header the session cookies make. */
export async function signInCookie(baseUrl, email, password) {
  const res = await authRequest(baseUrl, 'sign-in/email', { email, password });
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
