// The container image's smoke test (docs/docker.md): builds the image from a local Debian 13 base (no registry),
// runs it on the embedded database with a published port, signs up, schedules a post, reads the health check,
// prints the image size and the time of each step, then removes the container.
//
//   sudo npm run docker:smoke            # as root: installs docker.io and debootstrap when missing, starts dockerd
//   DOCKER_SMOKE_BASE=debian:trixie-slim npm run docker:smoke   # any Debian 13 image you already have instead
//   DOCKER_SMOKE_KEEP_IMAGE=1            # keep relaycast:smoke afterwards (it is kept by default; 0 removes it)
//   sudo npm run docker:smoke -- --compose   # then also the compose install: docker-compose.yml with PostgreSQL
//                                            # (relaycast-postgres:17 built from the same base), sign-up, a post,
//                                            # a backup with pg_dump inside the container, then `down -v`
//
// The base image relaycast-base:trixie is made once (`debootstrap --variant=minbase trixie` + `docker import`)
// and reused while it exists; `docker rmi relaycast-base:trixie` makes the next run start cold.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const BASE = process.env.DOCKER_SMOKE_BASE || 'relaycast-base:trixie';
const IMAGE = 'relaycast:smoke';
const CONTAINER = `relaycast-smoke-${process.pid}`;
const MIRROR = process.env.DEBIAN_MIRROR || 'http://deb.debian.org/debian';
const COMPOSE = process.argv.includes('--compose');
const timings = [];

function log(message) {
  console.info(`[docker-smoke] ${message}`);
}

/** Runs a command with its output shown; throws on a non-zero exit. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.status ?? result.signal}`);
}

/** Runs a command quietly and returns its trimmed output, or null when it fails. */
function read(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function step(name, action) {
  const started = performance.now();
  log(`${name}…`);
  const result = await action();
  const seconds = (performance.now() - started) / 1000;
  timings.push([name, seconds]);
  log(`${name}: ${seconds.toFixed(1)} s`);
  return result;
}

function installTools() {
  const missing = [];
  if (!has('dockerd') || !has('docker')) missing.push('docker.io');
  if (BASE === 'relaycast-base:trixie' && !has('debootstrap')) missing.push('debootstrap');
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error(`Missing ${missing.join(', ')}: run as root to install them.`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

async function ensureDaemon() {
  if (read('docker', ['info', '--format', '{{.ServerVersion}}'])) return;
  if (process.getuid?.() !== 0)
    throw new Error('The Docker daemon is not running: start it, or run as root.');
  const logFile = path.join(os.tmpdir(), 'relaycast-dockerd.log');
  log(`starting dockerd (log: ${logFile})`);
  const out = openSync(logFile, 'a');
  spawn('dockerd', [], { detached: true, stdio: ['ignore', out, out] }).unref();
  for (let i = 0; i < 60; i += 1) {
    await sleep(500);
    if (read('docker', ['info', '--format', '{{.ServerVersion}}'])) return;
  }
  throw new Error(`dockerd did not start: see ${logFile}`);
}

function ensureBase() {
  if (read('docker', ['image', 'inspect', BASE, '--format', '{{.Id}}'])) {
    log(`base ${BASE} exists: reused`);
    return;
  }
  if (BASE !== 'relaycast-base:trixie') throw new Error(`The base image ${BASE} is not there.`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'relaycast-rootfs-'));
  try {
    run('debootstrap', ['--variant=minbase', 'trixie', dir, MIRROR]);
    run('sh', ['-c', `tar -C "${dir}" -c . | docker import - ${BASE}`]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The host's own certificate authorities (a TLS-inspecting proxy's, which the host's npm trusts), copied into
 * docker/build-ca/ for the build stage's `npm ci` (docker/build-ca/README.md). Returns the copies to remove.
 */
function copyHostAuthorities() {
  const from = '/usr/local/share/ca-certificates';
  if (!existsSync(from)) return [];
  return readdirSync(from)
    .filter((name) => name.endsWith('.crt'))
    .map((name) => {
      const target = path.join(ROOT, 'docker', 'build-ca', `host-${name}`);
      copyFileSync(path.join(from, name), target);
      return target;
    });
}

async function waitForHealth(
  url,
  seconds,
  logsOf = () => read('docker', ['logs', '--tail', '40', CONTAINER]),
) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3000) });
      if (response.ok) return await response.json();
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  const logs = logsOf();
  throw new Error(`/api/health did not answer 200 within ${seconds} s. Last logs:\n${logs}`);
}

/** Sign-up, sign-in and a scheduled post over HTTP, the way the web app sends them (same-origin JSON). */
async function useTheApp(url) {
  let cookie = '';
  const call = async (method, pathname, body) => {
    const response = await fetch(`${url}${pathname}`, {
      method,
      headers: {
        origin: url,
        ...(cookie ? { cookie } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
    return response;
  };
  const email = `docker-smoke-${Date.now()}@example.com`;
  const password = 'docker-smoke-password-1';
  await call('POST', '/api/auth/sign-up/email', { name: 'Docker Smoke', email, password });
  const signIn = await call('POST', '/api/auth/sign-in/email', { email, password });
  cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const scheduledAt = new Date(Date.now() + 86_400_000).toISOString();
  const created = await (
    await call('POST', '/api/posts', {
      content: 'Scheduled from the container smoke test.',
      platforms: ['bluesky'],
      action: 'schedule',
      scheduledAt,
      timezone: 'UTC',
    })
  ).json();
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const listed = await (await call('GET', `/api/posts?from=${from}&to=${to}`)).text();
  if (!listed.includes('Scheduled from the container smoke test.'))
    throw new Error('The scheduled post is not listed.');
  return {
    email,
    post: created.post?.id ?? created.id,
    status: created.post?.status ?? created.status,
    scheduledAt,
  };
}

async function waitForDockerHealthy(seconds) {
  const deadline = Date.now() + seconds * 1000;
  let status = '';
  while (Date.now() < deadline) {
    status = read('docker', ['inspect', '--format', '{{.State.Health.Status}}', CONTAINER]) ?? '';
    if (status === 'healthy') return status;
    await sleep(1000);
  }
  throw new Error(`The image's HEALTHCHECK says "${status}" after ${seconds} s.`);
}

/** A port free on this host now, for compose to publish. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The compose install as the README gives it, in a folder of its own (docker-compose.yml and a .env made from
 * .env.example): Relaycast on PostgreSQL, used over HTTP, a backup taken inside the container, then removed with
 * its volumes.
 */
async function composeSmoke() {
  const postgresImage = 'relaycast-postgres:17';
  await step(`postgres image ${postgresImage}`, () =>
    run(
      'docker',
      ['build', '--build-arg', `BASE=${BASE}`, '-t', postgresImage, path.join(ROOT, 'docker/postgres')],
      {
        env: { ...process.env, DOCKER_BUILDKIT: '0' },
      },
    ),
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'relaycast-compose-'));
  const [httpPort, rtmpPort] = [await freePort(), await freePort()];
  const settings = {
    RELAYCAST_IMAGE: IMAGE,
    POSTGRES_IMAGE: postgresImage,
    RELAYCAST_HTTP_PORT: String(httpPort),
    RELAYCAST_RTMP_PORT: String(rtmpPort),
    POSTGRES_PASSWORD: `smoke${process.pid}`,
  };
  let env = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
  for (const [key, value] of Object.entries(settings)) env += `${key}=${value}\n`;
  writeFileSync(path.join(dir, '.env'), env);
  copyFileSync(path.join(ROOT, 'docker-compose.yml'), path.join(dir, 'docker-compose.yml'));
  const compose = has('docker-compose') ? ['docker-compose'] : ['docker', 'compose'];
  const project = ['-p', `relaycast-smoke-${process.pid}`];
  const composeRun = (...args) => run(compose[0], [...compose.slice(1), ...project, ...args], { cwd: dir });
  try {
    await step('compose up -d (Relaycast + PostgreSQL)', () => composeRun('up', '-d'));
    const url = `http://127.0.0.1:${httpPort}`;
    const logsOf = () => {
      const result = spawnSync(compose[0], [...compose.slice(1), ...project, 'logs', '--tail', '40'], {
        cwd: dir,
        encoding: 'utf8',
      });
      return `${result.stdout}${result.stderr}`;
    };
    const health = await step('compose: first 200 from /api/health', () => waitForHealth(url, 180, logsOf));
    log(`compose health: ${JSON.stringify(health)}`);
    const used = await step('compose: sign up, sign in, schedule a post', () => useTheApp(url));
    log(`compose: signed up ${used.email}; post ${used.post} is ${used.status}`);
    await step('compose: backup inside the container (pg_dump)', () =>
      composeRun('exec', '-T', 'relaycast', 'node', 'apps/server/dist/cli/backup.js', 'backup'),
    );
  } finally {
    spawnSync(compose[0], [...compose.slice(1), ...project, 'down', '-v'], { cwd: dir, stdio: 'inherit' });
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const total = performance.now();
  // A request docker-proxy accepts before the server listens can hang on a socket that keeps no handle alive;
  // without a live timer Node would then exit 0 in the middle of a step.
  const keepAlive = setInterval(() => {}, 1000);
  await step('install docker.io and debootstrap if missing', installTools);
  await step('start dockerd if needed', ensureDaemon);
  await step(`base image ${BASE}`, ensureBase);
  await step('docker build', () => {
    const copied = copyHostAuthorities();
    try {
      run('docker', ['build', '--build-arg', `BASE=${BASE}`, '-t', IMAGE, ROOT], {
        env: { ...process.env, DOCKER_BUILDKIT: '0' },
      });
    } finally {
      for (const file of copied) rmSync(file, { force: true });
    }
  });
  try {
    const url = await step('docker run', () => {
      run('docker', ['run', '-d', '--init', '--name', CONTAINER, '-p', '127.0.0.1::3000', IMAGE], {
        stdio: 'ignore',
      });
      const published = read('docker', ['port', CONTAINER, '3000/tcp'])?.split('\n')[0];
      if (!published) throw new Error('No published port.');
      return `http://${published}`;
    });
    const health = await step('first 200 from /api/health', () => waitForHealth(url, 180));
    log(`health: ${JSON.stringify(health)}`);
    const used = await step('sign up, sign in, schedule a post', () => useTheApp(url));
    log(`signed up ${used.email}; post ${used.post} is ${used.status} for ${used.scheduledAt}`);
    log(`health again: ${JSON.stringify(await waitForHealth(url, 10))}`);
    await step('image HEALTHCHECK reports healthy', () => waitForDockerHealthy(60));
    // Image thumbnails are made by libvips in the server's process (decision 0114): its binary must be in the image.
    await step('sharp (libvips) loads in the image', () => {
      const vips = read('docker', [
        'exec',
        '-w',
        '/app/apps/server',
        CONTAINER,
        'node',
        '-e',
        "import('sharp').then((s) => console.log(s.default.versions.vips))",
      ]);
      if (!vips) throw new Error('sharp did not load in the image: thumbnails would fall back to ffmpeg');
      log(`libvips ${vips}`);
    });
    log(
      `in the container: ${read('docker', ['exec', CONTAINER, 'sh', '-c', 'echo uid $(id -u), node $(node -v), $(ffmpeg -version | head -1 | cut -d" " -f1-3), $(chromium --version)'])}`,
    );
  } finally {
    spawnSync('docker', ['rm', '-f', '-v', CONTAINER], { stdio: 'ignore' });
  }
  if (COMPOSE) await composeSmoke();
  const bytes = Number(read('docker', ['image', 'inspect', IMAGE, '--format', '{{.Size}}']));
  const baseBytes = Number(read('docker', ['image', 'inspect', BASE, '--format', '{{.Size}}']));
  if (process.env.DOCKER_SMOKE_KEEP_IMAGE === '0') spawnSync('docker', ['rmi', IMAGE], { stdio: 'ignore' });
  clearInterval(keepAlive);
  log('--- summary ---');
  for (const [name, seconds] of timings) log(`${seconds.toFixed(1).padStart(7)} s  ${name}`);
  log(`${((performance.now() - total) / 1000).toFixed(1).padStart(7)} s  total`);
  log(`image ${IMAGE}: ${(bytes / 1e6).toFixed(0)} MB (base ${BASE}: ${(baseBytes / 1e6).toFixed(0)} MB)`);
}

main().catch((error) => {
  console.error(`[docker-smoke] FAILED: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
