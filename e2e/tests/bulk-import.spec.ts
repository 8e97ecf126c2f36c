import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { makeTestImage } from './fixtures';
import { startLocalSite } from './helpers';
import { connectMastodon, dayLabel, localDate, seriousViolations, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

/** Two good rows and two bad ones (a time gone by, an account nobody connected). */
function csvFile(): string {
  const day = localDate(3);
  return [
    'text,date,time,timezone,accounts,media',
    `Bulk hello from row two,${day},10:00,,mastodon,`,
    `"Bulk, with a comma",${day},15:30,${TIME_ZONE},mastodon,`,
    'Too late,2020-01-01,10:00,,mastodon,',
    `Nobody here,${day},11:00,,@nobody,`,
  ].join('\n');
}

async function uploadAndCheck(page: Page, summary = '2 rows ready, 2 with problems') {
  await page.getByLabel('Upload a CSV file').setInputFiles({
    name: 'posts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csvFile()),
  });
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(page.getByRole('heading', { name: summary })).toBeVisible();
}

test('a CSV with good and bad rows: the preview says what is wrong, the good rows land on the calendar', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsNewUser(page);
  await connectMastodon(page);
  await page.goto('/calendar');
  await page.getByRole('link', { name: 'Bulk import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk import' })).toBeVisible();

  const template = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the template' }).click();
  expect(readFileSync(await (await template).path(), 'utf8')).toMatch(
    /^text,link,date,time,timezone,accounts,media,alt_text,first_comment,labels\n/,
  );

  await uploadAndCheck(page);
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Too late/ })).toContainText(
    'Choose a time in the future to schedule this post.',
  );
  await expect(table.getByRole('row', { name: /Nobody here/ })).toContainText(
    'No account "@nobody" is connected in this workspace.',
  );
  await expect(table.getByRole('row', { name: /Bulk hello from row two/ })).toContainText('Ready');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('bulk-import-1440.png'), fullPage: true });

  const problems = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download rows with problems' }).click();
  const lines = readFileSync(await (await problems).path(), 'utf8').split('\r\n');
  expect(lines[0]).toBe('text,link,date,time,timezone,accounts,media,alt_text,first_comment,labels,problems');
  expect(lines.slice(1)).toEqual([
    'Too late,,2020-01-01,10:00,,mastodon,,,,,Choose a time in the future to schedule this post.',
    `Nobody here,,${localDate(3)},11:00,,@nobody,,,,,"No account ""@nobody"" is connected in this workspace."`,
  ]);

  await page.getByRole('button', { name: 'Import 2 posts as scheduled' }).click();
  await expect(page.getByText('2 posts imported.')).toBeVisible();
  await expect(page).toHaveURL(/\/calendar/);
  const day = page.getByRole('main').getByRole('listitem', { name: dayLabel(localDate(3)) });
  await expect(day.getByRole('link', { name: /^10:00 AM Mastodon Bulk hello from row two/ })).toBeVisible();
  await expect(day.getByRole('link', { name: /^3:30 PM Mastodon Bulk, with a comma/ })).toBeVisible();

  // The same file again is noticed, and its rows now repeat posts planned less than 3 days away.
  await page.goto('/bulk-import');
  await uploadAndCheck(page, '0 rows ready, 4 with problems');
  await expect(page.getByText('This file was already imported in this workspace.')).toBeVisible();
  await expect(page.getByRole('table').getByRole('row', { name: /Bulk hello from row two/ })).toContainText(
    'The same text is already planned or published on',
  );
  await expect(page.getByRole('button', { name: 'Import 0 posts as scheduled' })).toBeDisabled();
});

test('a bad row fixed inside the preview is checked again and imported with the good ones', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsNewUser(page);
  await connectMastodon(page);
  await page.goto('/bulk-import');
  await uploadAndCheck(page);
  const table = page.getByRole('table');
  // "Too late" is line 4 of the file (the header is line 1): its date is in the past.
  await table
    .getByRole('row', { name: /Too late/ })
    .getByRole('button', { name: 'Fix line 4' })
    .click();
  const form = page.getByRole('form', { name: 'Fix line 4' });
  await form.getByLabel('Date (YYYY-MM-DD)').fill(localDate(3));
  await form.getByLabel('Time (HH:MM)').fill('09:15');
  await form.getByRole('button', { name: 'Check this row again' }).click();
  await expect(page.getByRole('heading', { name: '3 rows ready, 1 with problems' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Too late/ })).toContainText('Ready');
  await expect(table.getByRole('row', { name: /Nobody here/ })).toContainText(
    'No account "@nobody" is connected in this workspace.',
  );
  await page.getByRole('button', { name: 'Import 3 posts as scheduled' }).click();
  await expect(page.getByText('3 posts imported.')).toBeVisible();
  await expect(page).toHaveURL(/\/calendar/);
  const day = page.getByRole('main').getByRole('listitem', { name: dayLabel(localDate(3)) });
  await expect(day.getByRole('link', { name: /^9:15 AM Mastodon Too late/ })).toBeVisible();
});

test('the bulk import page fits a phone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewUser(page);
  await connectMastodon(page);
  await page.goto('/bulk-import');
  await uploadAndCheck(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  const rows = page.getByRole('list', { name: 'Rows' });
  await expect(rows.getByRole('listitem').filter({ hasText: 'Too late' })).toContainText(
    'Choose a time in the future to schedule this post.',
  );
  await page.screenshot({ path: testInfo.outputPath('bulk-import-390.png'), fullPage: true });
});

test('media by URL show their progress while the rows are checked, then the preview', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bulk-progress-'));
  const png = readFileSync(makeTestImage(dir, 'slow.png', '64x64'));
  // Each picture takes a second and a half: long enough to see "Fetching media".
  const site = await startLocalSite((_request, response) => {
    setTimeout(() => response.writeHead(200, { 'content-type': 'image/png' }).end(png), 1_500);
  });
  try {
    await signInAsNewUser(page);
    await connectMastodon(page);
    await page.goto('/bulk-import');
    const day = localDate(4);
    await page
      .getByLabel('Or paste the rows')
      .fill(
        [
          'text,date,time,timezone,accounts,media',
          `First picture,${day},10:00,,mastodon,${site.url}/one.png`,
          `Second picture,${day},11:00,,mastodon,${site.url}/two.png`,
        ].join('\n'),
      );
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Fetching media: [01] of 2$/ })).toBeVisible();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(page.getByRole('heading', { name: '2 rows ready, 0 with problems' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  } finally {
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
