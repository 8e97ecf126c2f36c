// The baseline of an API request: a Fastify server (the Fastify package the server is built with, from the
// same node_modules) with one empty route and nothing else, in its own process like the server under test.
//   node scripts/lib/empty-fastify.mjs <port>     # listens on 127.0.0.1:<port>, prints "ready"
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from './bench-server.mjs';

/** Starts the empty server on a free port (`pid` for its CPU or memory); `stop()` ends it. */
export async function startEmptyFastify() {
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the empty Fastify server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/empty`,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A yardstick for calibratedCheck: an empty route of its own under `connections` for `seconds`, then its resident
 * memory `settleMs` later; `{ requestsPerSecond, rssMb }` (rssMb null when it could not be read).
 */
export async function measureEmptyRoute({ connections, seconds = 5, warmupSeconds = 2, settleMs = 0 }) {
  // Imported here, not at the top: the empty server's own process runs this file and must load Fastify alone.
  const [{ loadTest }, { rssMb }] = await Promise.all([import('./http-load.mjs'), import('./baseline.mjs')]);
  const empty = await startEmptyFastify();
  try {
    const { requestsPerSecond } = await loadTest({ url: empty.url, connections, seconds, warmupSeconds });
    if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
    return { requestsPerSecond, rssMb: rssMb(empty.pid) };
  } finally {
    await empty.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/empty', async () => ({ status: 'ok' }));
  await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
  console.info('ready');
}
