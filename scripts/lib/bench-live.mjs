// What the live-streaming benchmarks share (bench-streaming.mjs, bench-studio-ingest.mjs): a signed-in API client
// for the built server, waiting for a child to end, and the machine and load lines of their report.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new user signed up and in on the built server at `url`: `request(method, path, body)` with its cookie. */
export async function benchApiClient(url, prefix = 'bench-live') {
  const origin = new URL(url).origin;
  const email = `${prefix}-${Date.now()}@example.com`;
  const post = (pathname, body) =>
    fetch(`${url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    });
  await post('/api/auth/sign-up/email', { name: 'Bench', email, password: 'bench-password-1' });
  const signIn = await post('/api/auth/sign-in/email', { email, password: 'bench-password-1' });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const request = async (method, pathname, body) => {
    const res = await fetch(`${url}${pathname}`, {
      method,
      headers: { origin, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  return { request, cookie, origin };
}

/** Resolves when `child` has ended, or after `ms` at the latest. */
export function waitExit(child, ms = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return Promise.race([new Promise((resolve) => child.once('close', resolve)), sleep(ms)]);
}

/** The report's load line: the load average as the script started (`loadBefore`, os.loadavg() then). */
export function loadLine(loadBefore) {
  const cores = os.availableParallelism();
  const busy = loadBefore[0] > cores;
  return `Load average as the run started: ${loadBefore.map((value) => value.toFixed(1)).join(', ')} (${cores} cores; ${
    busy
      ? 'above that, other work or the benchmark before this one was still running: the figures may be noisy'
      : 'nothing else was running'
  }).`;
}

/** Cores, CPU, memory, system, Node.js and ffmpeg versions, for the report. */
export function machineFacts(ffmpeg) {
  const ffmpegVersion = execFileSync(ffmpeg, ['-version'])
    .toString()
    .split('\n')[0]
    .replace(/ Copyright.*/, '');
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    system: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    ffmpeg: ffmpegVersion,
  };
}
