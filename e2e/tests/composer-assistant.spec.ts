import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { makeTestImage } from './fixtures';
import { localDate, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

// One composer, with the AI assistant, wherever a post is written (docs/decisions/0071-one-composer-with-the-assistant.md).
// The e2e server's AI provider is the fake of e2e/global-setup.ts: every variant is this text, streamed.
const FULL_TEXT = 'Our launch is live: open source, self-hosted, yours. #opensource';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

let dir: string;
let image: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-composer-assistant-'));
  image = makeTestImage(dir, 'launch-photo.png', '1080x1080');
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeFor(page: Page) {
  return page.getByRole('region', { name: 'AI assistant' }).getByRole('group', { name: 'Write for' });
}

test('the dashboard’s Create Post opens the composer with the assistant, which writes one version per picked network', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsNewUser(page);
  await page.goto('/dashboard');
  await page
    .getByRole('main')
    .getByRole('region', { name: 'Quick actions' })
    .getByRole('link', { name: 'Create Post' })
    .click();
  await expect(page).toHaveURL(/\/post-composer$/);
  const assistant = page.getByRole('region', { name: 'AI assistant' });
  await expect(assistant).toBeVisible();
  // Nothing picked yet: X, as before.
  await expect(writeFor(page).getByRole('checkbox', { name: 'X (Twitter)' })).toBeChecked();

  for (const name of ['Instagram', 'X (Twitter)', 'LinkedIn'])
    await page.getByRole('button', { name, exact: true }).click();
  for (const name of ['Instagram', 'X (Twitter)', 'LinkedIn'])
    await expect(writeFor(page).getByRole('checkbox', { name })).toBeChecked();
  await expect(writeFor(page).getByRole('checkbox', { name: 'Facebook' })).not.toBeChecked();

  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/ai/generate')) requests.push(request.postData() ?? '');
  });
  await assistant.getByLabel('What should the post say?').fill('Announce our open-source launch');
  await assistant.getByRole('button', { name: 'Generate', exact: true }).click();
  const variants = assistant.getByRole('list', { name: 'Generated variants' });
  for (const name of ['Instagram', 'X (Twitter)', 'LinkedIn'])
    await expect(variants.getByRole('textbox', { name: `Text for ${name}` })).toHaveValue(FULL_TEXT, {
      timeout: 20_000,
    });
  await expect(variants.getByRole('listitem')).toHaveCount(3);
  expect(requests).toHaveLength(1);
  expect((JSON.parse(requests[0] ?? '{}') as { platforms: string[] }).platforms.sort()).toEqual([
    'instagram',
    'linkedin',
    'twitter',
  ]);

  await assistant.getByRole('button', { name: 'Use for LinkedIn' }).click();
  await expect(page.getByLabel('Post text')).toHaveValue(FULL_TEXT);
  // Instagram needs a picture.
  await page.getByLabel('Upload files').setInputFiles(image);
  await expect(
    page.getByRole('list', { name: 'Attached media' }).getByRole('img', { name: 'launch-photo.png' }),
  ).toBeVisible();
  await page.getByLabel('Date').fill(localDate(2));
  await page.getByLabel('Time').fill('10:30');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Post scheduled')).toBeVisible();
  await expect(page).toHaveURL(/\/post-composer\?post=/);
  await expect(page.getByRole('status').filter({ hasText: 'Scheduled' })).toContainText('10:30 AM');
});

test('the calendar’s Create Post: Write with AI carries the dialog’s post to the composer and its assistant', async ({
  page,
}) => {
  await signInAsNewUser(page);
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Create Post', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await dialog.getByRole('button', { name: 'Mastodon', exact: true }).click();
  await dialog.getByLabel('Content').fill('Our spring menu, a first line');
  const date = await dialog.getByLabel('Date').inputValue();
  await dialog.getByRole('link', { name: 'Write with AI' }).click();

  await expect(page).toHaveURL(/\/post-composer$/);
  await expect(page.getByLabel('Post text')).toHaveValue('Our spring menu, a first line');
  await expect(page.getByRole('button', { name: 'Mastodon', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByLabel('Date')).toHaveValue(date);
  await expect(writeFor(page).getByRole('checkbox', { name: 'Mastodon' })).toBeChecked();
  await expect(writeFor(page).getByRole('checkbox', { name: 'X (Twitter)' })).not.toBeChecked();
});

test('Drafts → New post opens the composer with the assistant', async ({ page }) => {
  await signInAsNewUser(page);
  await page.goto('/drafts');
  await page.getByRole('main').getByRole('link', { name: 'New post' }).click();
  await expect(page).toHaveURL(/\/post-composer$/);
  await expect(page.getByRole('region', { name: 'AI assistant' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Write with AI, above the form, leads to the assistant below it', async ({ page }) => {
    await signInAsNewUser(page);
    await page.goto('/post-composer');
    const prompt = page.getByRole('region', { name: 'AI assistant' }).getByLabel('What should the post say?');
    await expect(prompt).not.toBeInViewport();
    await page.getByRole('button', { name: 'Write with AI' }).click();
    await expect(prompt).toBeFocused();
    await expect(prompt).toBeInViewport();
  });
});
