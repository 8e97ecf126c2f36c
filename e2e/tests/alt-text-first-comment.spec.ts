import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTestImage } from './fixtures';
import { localDate, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

/** Alt text on an attached image and a first comment, written in the composer and kept with the scheduled post. */
let dir: string;
let image: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-alt-'));
  image = makeTestImage(dir, 'red-kite.png', '320x180');
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('attach an image, write its alt text and a first comment, schedule, and find both after a reload', async ({
  page,
}) => {
  await signInAsNewUser(page, 'Alma Alt');
  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'LinkedIn', exact: true }).click();
  await page.getByRole('button', { name: 'X (Twitter)', exact: true }).click();
  await page.getByLabel('Post text').fill('A kite over the hill');
  await page.getByLabel('Upload files').setInputFiles(image);
  const attached = page.getByRole('list', { name: 'Attached media' });
  await expect(attached.getByRole('img', { name: 'red-kite.png' })).toBeVisible();

  await attached.getByRole('button', { name: /Alt text for red-kite\.png/ }).click();
  await page.getByLabel('Alt text for red-kite.png').fill('A red kite gliding over a green hill');
  await expect(page.getByText('36 / 1,000')).toBeVisible();
  await page.getByLabel('First comment').fill('More pictures on our blog');

  await page.getByLabel('Date').fill(localDate(1));
  await page.getByLabel('Time').fill('10:30');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Post scheduled')).toBeVisible();
  await expect(page).toHaveURL(/\/post-composer\?post=[\w-]+$/);

  await page.reload();
  await expect(page.getByLabel('Post text')).toHaveValue('A kite over the hill');
  await expect(page.getByLabel('First comment')).toHaveValue('More pictures on our blog');
  await attached.getByRole('button', { name: /Alt text for red-kite\.png/ }).click();
  await expect(page.getByLabel('Alt text for red-kite.png')).toHaveValue(
    'A red kite gliding over a green hill',
  );
});
