import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { makeTestImage } from './fixtures';
import { uniqueEmail } from './helpers';
import { signInAsNewUser, signInThroughUi, signUpThroughUi } from './session';

/** Per docs/decisions/0027-onboarding.md: a new user's first ten minutes, from sign-up to every getting-started step done. */

function checklist(page: Page) {
  return page.getByRole('region', { name: 'Get started' });
}

function step(page: Page, title: string, state: 'done' | 'to do') {
  return checklist(page).getByRole('listitem', { name: `${title}: ${state}` });
}

/**
 * Streams four seconds of a test pattern to the user's personal ingest, the way OBS does: a real stream
 * session that goes live on the built-in relay and ends when the publisher leaves.
 */
async function streamLikeObs(page: Page) {
  const ingest = await (await page.request.get('/api/streaming/ingest')).json();
  expect(ingest.relayRunning).toBe(true);
  const url = `rtmp://127.0.0.1:${process.env.E2E_RTMP_PORT}/live/${ingest.streamKey}`;
  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=30', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '60', '-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  ffmpeg.stderr.on('data', (chunk) => {
    errors += String(chunk);
  });
  const code = await new Promise<number | null>((resolve) => ffmpeg.on('close', resolve));
  expect(code, errors).toBe(0);
}

test('from sign-up to every getting-started step done, then the checklist is hidden for good', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = { name: 'Olive Onboard', email: uniqueEmail('onboard'), password: 'first-ten-minutes' };
  await signUpThroughUi(page, user);
  await signInThroughUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A brand-new user is welcomed, not welcomed back.
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.name}` })).toBeVisible();
  await expect(checklist(page)).toContainText('1 of 4 done');
  await expect(step(page, 'Connect a first account', 'to do')).toBeVisible();
  await expect(step(page, 'Write and schedule a first post', 'to do')).toBeVisible();
  // The e2e server has an AI provider (AI_PROVIDER): that step is done from the start.
  await expect(step(page, 'Set the AI provider', 'done')).toBeVisible();
  await expect(step(page, 'Go live once', 'to do')).toBeVisible();

  // 1. Connect a first account (the local Bluesky fake).
  await step(page, 'Connect a first account', 'to do')
    .getByRole('link', { name: 'Connect an account' })
    .click();
  await expect(page).toHaveURL(/\/connected-accounts$/);
  await page.getByRole('button', { name: 'Connect Bluesky' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Bluesky' });
  await dialog.getByLabel('Handle').fill('olive.bsky.social');
  await dialog.getByLabel('App password').fill('abcd-efgh-ijkl-mnop');
  await dialog.getByRole('button', { name: 'Connect Bluesky' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/dashboard');
  await expect(step(page, 'Connect a first account', 'done')).toBeVisible();
  await expect(checklist(page)).toContainText('2 of 4 done');

  // 2. Write and schedule a first post: a draft alone does not count.
  await step(page, 'Write and schedule a first post', 'to do')
    .getByRole('link', { name: 'Write a post' })
    .click();
  await expect(page).toHaveURL(/\/post-composer$/);
  await page.getByRole('button', { name: 'Bluesky', exact: true }).click();
  // The composer has the AI assistant, writing for the network picked (the e2e AI fake answers).
  const assistant = page.getByRole('region', { name: 'AI assistant' });
  await expect(
    assistant.getByRole('group', { name: 'Write for' }).getByRole('checkbox', { name: 'Bluesky' }),
  ).toBeChecked();
  await assistant.getByLabel('What should the post say?').fill('Our first post on Relaycast');
  await assistant.getByRole('button', { name: 'Generate', exact: true }).click();
  await assistant.getByRole('button', { name: 'Use for Bluesky' }).click({ timeout: 20_000 });
  await expect(page.getByLabel('Post text')).toHaveValue(/^Our launch is live/);
  await page.getByLabel('Post text').press('End');
  await page.getByLabel('Post text').pressSequentially(` ${Date.now()}`);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.goto('/dashboard');
  await expect(step(page, 'Write and schedule a first post', 'to do')).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Post text')).toHaveValue(/^Our launch is live.* \d+$/);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Post scheduled')).toBeVisible();

  await page.goto('/dashboard');
  await expect(step(page, 'Write and schedule a first post', 'done')).toBeVisible();

  // 3. Go live once: a real stream through the personal ingest (as OBS would), not a seeded row.
  await streamLikeObs(page);
  // The stream is recorded once the ingest has seen it; each try reloads the dashboard, whose first load on a busy
  // CI machine alone can take seconds.
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(step(page, 'Go live once', 'done')).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await expect(checklist(page)).toContainText('You are all set: every step is done.');
  await expect(checklist(page)).toContainText('4 of 4 done');

  // Hidden for this user, across reloads, and it can come back.
  await checklist(page).getByRole('button', { name: 'Hide checklist' }).click();
  await expect(checklist(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.name}` })).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Show the getting-started checklist' }).click();
  await expect(step(page, 'Go live once', 'done')).toBeVisible();
});

test('engagement says on screen why each button is disabled, with a link to connect an account', async ({
  page,
}) => {
  await signInAsNewUser(page, 'Eve Engage');
  await page.goto('/engagement');
  // X is named as everywhere else in the app, "X (Twitter)".
  const twitter = page.getByRole('group', { name: 'X (Twitter)' });
  await expect(twitter.getByRole('button', { name: 'Like on X (Twitter)' })).toBeDisabled();
  await expect(twitter.getByText('No connected X (Twitter) account.')).toBeVisible();
  const instagram = page.getByRole('group', { name: 'Instagram' });
  await expect(
    instagram.getByText("Instagram's API does not let business accounts like posts or comments."),
  ).toBeVisible();
  const linkedin = page.getByRole('group', { name: 'LinkedIn' });
  await expect(
    linkedin.getByText("LinkedIn's messaging API is open to approved partners only."),
  ).toBeVisible();
  await expect(linkedin.getByRole('button', { name: 'Message on LinkedIn' })).toHaveAccessibleDescription(
    /LinkedIn's messaging API is open to approved partners only\. No connected LinkedIn account\./,
  );
  await twitter.getByRole('link', { name: 'Connect an account on X (Twitter)' }).click();
  await expect(page).toHaveURL(/\/connected-accounts$/);
});

test('Publish now to a platform without an account says so first and offers to connect one', async ({
  page,
}) => {
  await signInAsNewUser(page, 'Nora Noaccount');
  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Bluesky', exact: true }).click();
  await page.getByLabel('Post text').fill('Hello from a workspace with no accounts');
  await page.getByRole('button', { name: 'Publish now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect an account first' });
  await expect(dialog).toHaveAccessibleDescription(
    'No connected Bluesky account: the post cannot be published on Bluesky.',
  );
  await expect(page.getByText('Publishing now')).toHaveCount(0);
  // Nothing was saved: the composer's address has no post in it.
  await expect(page).toHaveURL(/\/post-composer$/);
  await dialog.getByRole('link', { name: 'Connect an account' }).click();
  await expect(page).toHaveURL(/\/connected-accounts$/);

  // The calendar's Create Post says it before scheduling too.
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create Post' });
  await create.getByRole('button', { name: 'Bluesky', exact: true }).click();
  await expect(
    create.getByText('No connected Bluesky account: the post cannot be published on Bluesky.'),
  ).toBeVisible();
  await expect(create.getByRole('link', { name: 'Connect an account' })).toHaveAttribute(
    'href',
    '/connected-accounts',
  );
  // Instagram needs media this modal cannot attach: it says so before scheduling, with the way to add some.
  await create.getByRole('button', { name: 'Instagram', exact: true }).click();
  await expect(
    create.getByText(/Instagram needs an image or video, which this form cannot attach\./),
  ).toBeVisible();
  await expect(create.getByRole('link', { name: 'Write it in the Post Composer' })).toHaveAttribute(
    'href',
    '/post-composer',
  );
});

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 9));
    });
  });
}

test('an unreachable AI provider leaves a clear error and no empty result card', async ({ page }) => {
  await signInAsNewUser(page, 'Una Reachable');
  const saved = await page.request.put('/api/ai/settings', {
    data: { provider: 'openai-compatible', baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, model: 'm' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.goto('/create-post');
  const assistant = page.getByRole('region', { name: 'AI assistant' });
  await assistant.getByLabel('What should the post say?').fill('Anything at all');
  await assistant.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(
    assistant.getByText(
      'Could not reach the AI provider. Check the base URL and that the provider is running.',
    ),
  ).toBeVisible({ timeout: 20_000 });
  await expect(assistant.getByRole('button', { name: 'Generate', exact: true })).toBeEnabled();
  await expect(assistant.getByLabel('Text for X (Twitter)')).toHaveCount(0);
});

test('a media tile opens its details: size, type, dimensions, the posts using it, and delete', async ({
  page,
}) => {
  await signInAsNewUser(page, 'Milo Media');
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-detail-'));
  try {
    const file = makeTestImage(dir, 'detail-photo.png', '640x360');
    const uploaded = await page.request.post('/api/media', {
      multipart: { file: { name: 'detail-photo.png', mimeType: 'image/png', buffer: readFileSync(file) } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const media = await uploaded.json();
    const post = await page.request.post('/api/posts', {
      data: {
        content: 'Our photo post',
        platforms: ['facebook'],
        mediaIds: [media.id],
        action: 'draft',
        timezone: 'UTC',
      },
    });
    expect(post.status(), await post.text()).toBe(201);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  await page.goto('/media-library');
  await page.getByRole('button', { name: 'Details of detail-photo.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'detail-photo.png' });
  const facts = dialog.getByRole('definition');
  await expect(facts.nth(0)).toHaveText('image/png');
  await expect(facts.nth(1)).toHaveText(/\d+ KB/);
  await expect(facts.nth(2)).toHaveText('640 × 360 px');
  const usedIn = dialog.getByRole('list', { name: 'Posts using this file' });
  await expect(usedIn.getByRole('link', { name: 'Our photo post' })).toHaveAttribute(
    'href',
    /\/post-composer\?post=/,
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete “detail-photo.png”?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File deleted')).toBeVisible();
  await expect(page.getByText('Your library is empty')).toBeVisible();
});
