import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { serverProcessEnv } from '../scripts/lib/server-env.mjs';
import { E2E_ADMIN_EMAIL } from './admin-settings';
import { E2E_BROWSER } from './browser';
import { E2E_CLOUD_CLIENT_ID, E2E_CLOUD_CLIENT_SECRET } from './cloud-settings';
import { E2E_STRIPE_PRICE_ENV, E2E_STRIPE_SECRET_KEY, E2E_STRIPE_WEBHOOK_SECRET } from './stripe-settings';
import { E2E_UNSPLASH_ACCESS_KEY } from './unsplash-settings';

/** A free port, found once in the main process; workers inherit it through the environment. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
// The fake AI provider (OpenAI-compatible) that global-setup.ts starts on this port.
process.env.E2E_AI_PORT ??= String(await freePort());
// Platform fakes (global-setup.ts → platforms.fake.ts) the accounts and publishing tests connect to.
process.env.E2E_TWITTER_PORT ??= String(await freePort());
process.env.E2E_MASTODON_PORT ??= String(await freePort());
process.env.E2E_BLUESKY_PORT ??= String(await freePort());
process.env.E2E_THREADS_PORT ??= String(await freePort());
process.env.E2E_TIKTOK_PORT ??= String(await freePort());
// The Stripe fake (billing.spec.ts): the server's STRIPE_API_BASE, its Checkout page and webhook deliveries.
process.env.E2E_STRIPE_PORT ??= String(await freePort());
// The Unsplash fake (unsplash.spec.ts): the server's UNSPLASH_API_BASE, whose pictures it serves itself.
process.env.E2E_UNSPLASH_PORT ??= String(await freePort());
// The cloud drives' fake (global-setup.ts → cloud-drives.fake.ts): Dropbox's OAuth, files and downloads.
process.env.E2E_CLOUD_PORT ??= String(await freePort());
// The live engine's RTMP relay (the streaming studio's tests publish through it).
process.env.E2E_RTMP_PORT ??= String(await freePort());
// The address echo "Check proxy" asks (PROXY_CHECK_URL): proxies.spec.ts starts it on this port.
process.env.E2E_PROXY_ECHO_PORT ??= String(await freePort());
// The SMTP sink (mail-sink.ts) that global-setup.ts starts: tests read e-mailed links from E2E_MAIL_DIR.
process.env.E2E_SMTP_PORT ??= String(await freePort());
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-mail-'));
// A fresh embedded database for every run, so runs never see each other's data.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-'));

/** The studio's specs (camera, microphone, going live): run in their own project below. */
const STUDIO_SPECS = /(streaming|streaming-live|streaming-prerecorded|shared-cache)\.spec\.ts$/;

const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
const repoRoot = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  outputDir: '../.test-results/playwright',
  fullyParallel: true,
  // Three walks at a time on two cores: with two, the machine sat a third idle (66 % busy: walks wait on the
  // server, on ffmpeg, on a post's minute); three filled it to 82 % and the whole suite took 9.0 min instead of
  // 11.2 on the same host (docs/decisions/0123-browser-suite-three-workers.md). The studio keeps one, below.
  workers: 3,
  retries: 0,
  forbidOnly: true,
  // 60 s per test (longer walks set their own): on the 2-core CI machine with two workers and Chromium's
  // software rendering, a fresh-clone run of .ci/run took twice as long as the one before (most time in
  // Chromium and the kernel), and walks of 33–66 s failed by chance at 30 s. Each check still waits at most 7 s.
  timeout: 60_000,
  // Waits, not speed checks: speed is measured in `npm run bench`. A first page load on the loaded 2-core CI
  // machine (two workers, each with its Chromium and the server) has taken over 7 s since the pages wait for
  // their language catalogs (docs/decisions/0039-i18n.md; the LCP regression is a known gap).
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    // No trace by default: recording one for every test (screencast frames, a DOM snapshot at each action) cost a
    // fifth of the machine's CPU in the browser walks (docs/decisions/0119-browser-suite-without-traces.md), and CI
    // keeps only the log. To see a failure step by step, run it again with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The app honours a system's "reduce motion" (apps/web/src/index.css): transitions end at once, so a walk
    // never waits for a dialog or a toast to fade. accessibility.spec.ts checks both settings.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: E2E_BROWSER,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: STUDIO_SPECS,
    },
    // The live studio's walks run last, one at a time: its camera preview is composed on a canvas at 30 fps and
    // going live adds the server's encode, so two of them side by side on the CI machine's two cores timed
    // each other out (a first render over 7 s, the muted audio late at the sink).
    {
      name: 'studio, one at a time',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: STUDIO_SPECS,
      dependencies: ['chromium'],
      workers: 1,
    },
  ],
  webServer: {
    command: 'node --enable-source-maps apps/server/dist/server.js',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // The built server's start (migrations on a fresh PGlite) took up to 93 s on a loaded machine.
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      // The allocator settings `npm start` gives the server on PGlite (docs/decisions/0137): tested as it runs.
      ...serverProcessEnv({
        GLIBC_TUNABLES: process.env.GLIBC_TUNABLES,
        NODE_OPTIONS: process.env.NODE_OPTIONS,
      }),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      APP_SECRET: 'e2e-secret-that-is-at-least-32-characters',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      // The specs check Standard's limits during the trial (media-library's 2 MB): billing managed, with Stripe
      // keys that point at the local fake (global-setup.ts; e2e/stripe-settings.ts).
      BILLING_MODE: 'managed',
      STRIPE_SECRET_KEY: E2E_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`,
      ...E2E_STRIPE_PRICE_ENV,
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: `http://127.0.0.1:${process.env.E2E_AI_PORT}/v1`,
      AI_MODEL: 'e2e-model',
      AI_IMAGE_MODEL: 'e2e-image-model',
      UNSPLASH_ACCESS_KEY: E2E_UNSPLASH_ACCESS_KEY,
      UNSPLASH_API_BASE: `http://127.0.0.1:${process.env.E2E_UNSPLASH_PORT}`,
      RTMP_PORT: process.env.E2E_RTMP_PORT,
      RTMP_HOST: '127.0.0.1',
      STREAM_RECONNECT_GRACE_SECONDS: '1',
      // X, Mastodon, Bluesky, Threads and TikTok point at local fakes; the other OAuth platforms stay unconfigured
      // on purpose (the Connected accounts screen shows them as "Not configured").
      TWITTER_BASE_URL: `http://127.0.0.1:${process.env.E2E_TWITTER_PORT}`,
      TWITTER_CLIENT_ID: 'test-client-id',
      TWITTER_CLIENT_SECRET: 'test-client-secret',
      MASTODON_BASE_URL: `http://127.0.0.1:${process.env.E2E_MASTODON_PORT}`,
      BLUESKY_BASE_URL: `http://127.0.0.1:${process.env.E2E_BLUESKY_PORT}`,
      THREADS_BASE_URL: `http://127.0.0.1:${process.env.E2E_THREADS_PORT}`,
      THREADS_CLIENT_ID: 'test-client-id',
      THREADS_CLIENT_SECRET: 'test-client-secret',
      TIKTOK_BASE_URL: `http://127.0.0.1:${process.env.E2E_TIKTOK_PORT}`,
      TIKTOK_CLIENT_ID: 'test-client-id',
      TIKTOK_CLIENT_SECRET: 'test-client-secret',
      // Cloud import: Dropbox points at the local fake; Google Drive, OneDrive and Canva stay unconfigured on purpose
      // (the media library shows them disabled with the variables to set).
      DROPBOX_APP_KEY: E2E_CLOUD_CLIENT_ID,
      DROPBOX_APP_SECRET: E2E_CLOUD_CLIENT_SECRET,
      DROPBOX_BASE_URL: `http://127.0.0.1:${process.env.E2E_CLOUD_PORT}`,
      // Fakes, RTMP sinks and the AI fake all live on 127.0.0.1 (docs/decisions/0014).
      ALLOW_PRIVATE_ADDRESSES: 'true',
      PROXY_CHECK_URL: `http://127.0.0.1:${process.env.E2E_PROXY_ECHO_PORT}/`,
    },
  },
});
