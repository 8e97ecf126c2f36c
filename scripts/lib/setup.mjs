// Helpers for the root scripts. Only Node built-ins here: these run before dependencies are installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** The newest of the lockfile and the patches applied at install (patches/, docs/decisions/0057). */
function newestInstallInput() {
  const patches = path.join(ROOT, 'patches');
  const inputs = [path.join(ROOT, 'package-lock.json')];
  if (existsSync(patches)) inputs.push(...readdirSync(patches).map((name) => path.join(patches, name)));
  return Math.max(...inputs.map((file) => statSync(file).mtimeMs));
}

/** Installs npm dependencies when they are missing or older than the lockfile or a patch. */
export async function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const installed = existsSync(marker) && existsSync(path.join(ROOT, 'node_modules', '.bin', 'vite'));
  if (installed && statSync(marker).mtimeMs >= newestInstallInput()) return;
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

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the same engine without the desktop browser's
 * windows): the browser tests drive it when it is there (e2e/browser.ts). A page there cost half the CPU
 * (docs/decisions/0122).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Installs Debian packages with apt-get (root only). When it cannot, explains the command and exits, or with
 * `optional` only warns and returns false.
 */
function aptInstall(packages, why, { optional = false } = {}) {
  const fail = (message) => {
    if (optional) {
      console.warn(message);
      return false;
    }
    console.error(message);
    process.exit(1);
  };
  if (!isRoot()) {
    return fail(
      `${why} Install them with \`sudo apt-get install -y ${packages.join(' ')}\` (Debian/Ubuntu), then run the command again.`,
    );
  }
  console.info(`Installing ${packages.join(', ')} with apt-get (${why})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...packages],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      return fail(
        `apt-get could not install ${packages.join(', ')}; install by hand and run the command again.`,
      );
    }
  }
  return true;
}

/** The font the video editor draws text overlays with (Debian's fonts-dejavu-core). */
const OVERLAY_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
/** PocketSphinx's English model, the clip highlights' offline speech-to-text (Debian's pocketsphinx-en-us). */
const SPEECH_MODEL = `${process.env.POCKETSPHINX_MODEL_DIR || '/usr/share/pocketsphinx/model/en-us'}/en-us.lm.bin`;

function hasFfmpeg() {
  return (
    Boolean(process.env.FFMPEG_PATH || onPath('ffmpeg')) &&
    Boolean(process.env.FFPROBE_PATH || onPath('ffprobe'))
  );
}

/** For `npm start`: ffmpeg makes thumbnails and reads video durations; without it the app still runs. */
export function offerFfmpeg() {
  const missing = [];
  if (!hasFfmpeg()) missing.push('ffmpeg');
  if (!existsSync(OVERLAY_FONT)) missing.push('fonts-dejavu-core');
  if (!existsSync(SPEECH_MODEL)) missing.push('pocketsphinx-en-us');
  if (missing.length === 0) return;
  aptInstall(
    missing,
    'Media thumbnails, video durations and the video editor need ffmpeg (text overlays the DejaVu Sans font, the clip transcripts pocketsphinx-en-us); uploads work without them.',
    { optional: true },
  );
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Makes sure the system packages the tests need are there: Debian's Chromium (and its headless shell) for the
 * browser tests and the PDF reports,
 * ffmpeg for the media pipeline, PocketSphinx's English model and espeak-ng (a voice) for the clip transcripts. Installs them as root; explains the command otherwise.
 */
export function ensureSystemPackages() {
  const missing = [];
  if (!findChromium()) missing.push('chromium');
  if (!hasFfmpeg()) missing.push('ffmpeg');
  if (!existsSync(OVERLAY_FONT)) missing.push('fonts-dejavu-core');
  if (!existsSync(SPEECH_MODEL)) missing.push('pocketsphinx-en-us');
  if (!onPath('espeak-ng')) missing.push('espeak-ng');
  if (missing.length > 0) {
    aptInstall(
      missing,
      'the browser tests need Chromium, the media tests ffmpeg, the text-overlay tests DejaVu Sans and the transcript tests pocketsphinx-en-us and espeak-ng.',
    );
  }
  // The browser tests' headless shell: when it cannot be installed, they drive Chromium itself.
  if (!process.env.E2E_CHROMIUM_PATH && !existsSync(HEADLESS_SHELL)) {
    aptInstall(['chromium-headless-shell'], "the browser tests run faster in Chromium's headless shell.", {
      optional: true,
    });
  }
  const chromium = findChromium();
  if (!chromium) {
    console.error('chromium was installed but no binary was found; set CHROMIUM_PATH.');
    process.exit(1);
  }
  return chromium;
}
