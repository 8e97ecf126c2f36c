// Helpers for the root scripts. Only Node built-ins here: these run before dependencies are installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`Could not run ${command}: ${err.message}`);
      resolve(1);
    });
  });
}

/** Installs npm dependencies when they are missing or older than the lockfile. */
export async function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const installed = existsSync(marker) && existsSync(path.join(ROOT, 'node_modules', '.bin', 'vite'));
  if (installed && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.info('Installing dependencies (npm ci)…');
  const code = await run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  if (code !== 0) {
    console.error('npm ci failed; see the output above.');
    process.exit(code);
  }
}

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
}

/** Makes sure Debian's Chromium is there for the browser tests: installs it as root, explains otherwise. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      'The browser tests need Chromium. Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), ' +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary, then run `npm test` again.',
    );
    process.exit(1);
  }
  console.info('Installing Debian’s chromium for the browser tests (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error('apt-get could not install chromium; install it by hand and run `npm test` again.');
      process.exit(1);
    }
  }
  const installed = findChromium();
  if (!installed) {
    console.error('chromium was installed but no binary was found; set CHROMIUM_PATH.');
    process.exit(1);
  }
  return installed;
}
