import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from './helpers';
import { signInThroughUi } from './session';

/**
 * Per docs/decisions/0018-origins-sign-in-hardening.md: a self-hoster opens `npm start` on whatever address the machine has. With PUBLIC_URL
 * unset, sign-up, sign-in and the composer work on http://127.0.0.1:PORT and http://127.0.0.2:PORT (any
 * loopback address answers on Linux, standing in for a LAN address); with PUBLIC_URL set to another origin the
 * page says what to set, and the message stays until dismissed. These servers are started here because the
 * suite's shared server has PUBLIC_URL set.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '0.0.0.0', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface RunningServer {
  port: number;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-address-'));
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_SECRET: 'e2e-address-secret-at-least-32-characters',
      LOG_LEVEL: 'error',
      RTMP_ENABLED: 'false',
      ...env,
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 110_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The sign-up form at an absolute address (session.signUpThroughUi goes to the shared server). */
async function fillSignUp(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/signup`);
  await page.getByLabel('Full name').fill('Self Hoster');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct-horse');
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function signUpSignInAndDraft(page: Page, origin: string) {
  const email = uniqueEmail('address');
  await fillSignUp(page, origin, email);
  await expect(page.getByText('Account created successfully! Please sign in.')).toBeVisible();
  await signInThroughUi(page, email, 'correct-horse');
  await expect(page).toHaveURL(`${origin}/dashboard`);

  await page.goto(`${origin}/post-composer`);
  await page.getByRole('button', { name: 'X (Twitter)', exact: true }).click();
  await page.getByLabel('Post text').fill(`Written on ${origin}`);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await expect(page.getByText('Cross-site requests are not allowed.')).toHaveCount(0);
}

test.describe('with PUBLIC_URL unset', () => {
  let server: RunningServer;
  test.describe.configure({ mode: 'serial' });
  // biome-ignore lint/correctness/noEmptyPattern: Playwright passes testInfo only after a fixtures pattern.
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(120_000);
    server = await startServer({});
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('signs up, logs in and saves a draft on http://127.0.0.1:PORT', async ({ page }) => {
    await signUpSignInAndDraft(page, `http://127.0.0.1:${server.port}`);
  });

  test('signs up, logs in and saves a draft on http://127.0.0.2:PORT', async ({ page }) => {
    await signUpSignInAndDraft(page, `http://127.0.0.2:${server.port}`);
  });
});

test.describe('with PUBLIC_URL set to another origin', () => {
  let server: RunningServer;
  // biome-ignore lint/correctness/noEmptyPattern: Playwright passes testInfo only after a fixtures pattern.
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(120_000);
    server = await startServer({ PUBLIC_URL: 'http://relaycast.example.com' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('refuses sign-up with a message that names what to set, and keeps it until dismissed', async ({
    page,
  }) => {
    await fillSignUp(page, `http://127.0.0.1:${server.port}`, uniqueEmail('refused'));
    const message = page.getByText(/Cross-site requests are not allowed\..*PUBLIC_URL.*TRUSTED_ORIGINS/);
    await expect(message).toBeVisible();
    // Ordinary toasts go after a few seconds; this one stays.
    await page.waitForTimeout(6_000);
    await expect(message).toBeVisible();
    await page.getByRole('button', { name: 'Close toast' }).click();
    await expect(message).toHaveCount(0);
  });
});
