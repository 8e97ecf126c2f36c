import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

/** Where a screenshot goes when SCREENSHOT_DIR is set (the review looks at them; runs without it skip them). */
async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('analytics on demo data: cards, both charts, filters, CSV, and deleting the demo', async ({ page }) => {
  // One long walk through the page: 12+ API round trips and two chart animations; a loaded 2-core machine needs time.
  test.setTimeout(180_000);
  await signInAsNewUser(page, 'Ana Lytics');
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

  // Nothing connected: the empty state says how to connect, and offers demo data.
  await expect(page.getByText('Connect a social account to see its analytics here.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connect an account' })).toHaveAttribute(
    'href',
    '/connected-accounts',
  );
  await page.getByRole('button', { name: 'Try with demo data' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Demo data' })).toBeVisible({ timeout: 20_000 });
  for (const title of ['Total Followers', 'Engagement Rate', 'Total Shares', 'Comments']) {
    await expect(card(page, title)).toBeVisible();
    await expect(card(page, title)).toContainText('vs previous period');
  }
  await expect(card(page, 'Total Followers')).toContainText(/\d{2},\d{3}/);
  await expect(page.getByText(/Engagement rate = \(likes \+ comments \+ shares \+ saves\)/)).toBeVisible();

  const engagement = page.getByRole('region', { name: 'Engagement Overview' });
  const platforms = page.getByRole('region', { name: 'Platform Distribution' });
  await expect(engagement.locator('.recharts-line-curve')).toBeVisible();
  await expect(platforms.locator('.recharts-bar-rectangle').first()).toBeVisible();
  // Each chart's figures as a table.
  await platforms.getByText('Show the figures as a table').click();
  const platformTable = platforms.getByRole('table', { name: 'Platform Distribution' });
  await expect(platformTable.getByRole('rowheader')).toHaveCount(4);
  for (const name of ['Instagram', 'Facebook', 'Bluesky']) await expect(platformTable).toContainText(name);
  const topPosts = page.getByRole('region', { name: 'Top posts' });
  await expect(topPosts.getByRole('row')).not.toHaveCount(0);
  await topPosts.getByRole('button', { name: 'Likes' }).click();
  await expect(topPosts.getByRole('columnheader', { name: 'Likes' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  // Relaycast's own records for the same days (the demo's published posts; no streams in the demo).
  const activity = page.getByRole('region', { name: 'Through Relaycast' });
  await expect(activity.getByRole('region', { name: 'Posts' })).toContainText(/Published\s*[1-9]/);
  await expect(activity.getByRole('region', { name: 'Live streams' })).toContainText('Time live');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForTimeout(1200);
  await screenshot(page, 'analytics-1440');
  expect(await seriousViolations(page)).toEqual([]);

  // A week: Mon…Sun style labels, seven points.
  const filters = page.getByRole('group', { name: 'Analytics filters' });
  await filters.getByRole('combobox', { name: 'Range' }).selectOption('7d');
  await expect(page).toHaveURL(/range=7d/);
  await engagement.getByText('Show the figures as a table').click();
  await expect(engagement.getByRole('table').getByRole('rowheader')).toHaveCount(7);
  await expect(engagement.getByRole('table').getByRole('rowheader').first()).toHaveText(
    /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \(/,
  );

  // One platform, then one account: the follower growth view.
  await filters.getByRole('combobox', { name: 'Platform' }).selectOption('instagram');
  await expect(platformTable.getByRole('rowheader')).toHaveText(['Instagram']);
  const accountSelect = filters.getByRole('combobox', { name: 'Account' });
  const accountId = await accountSelect.locator('option').nth(1).getAttribute('value');
  await accountSelect.selectOption(accountId ?? '');
  await expect(page.getByRole('heading', { name: /Follower growth: relaycast\.demo/ })).toBeVisible();

  // A custom range in the wrong order is refused with the shared message.
  await filters.getByRole('combobox', { name: 'Range' }).selectOption('custom');
  await page.getByLabel('From', { exact: true }).fill('2026-03-10');
  await page.getByLabel('To', { exact: true }).fill('2026-03-01');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The start date must be on or before the end date.' }),
  ).toBeVisible();
  // Such a range has nothing to download.
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await filters.getByRole('combobox', { name: 'Range' }).selectOption('30d');

  // The CSV of the current filters (the link follows them once the page has drawn the new range).
  const csvLink = page.getByRole('link', { name: 'Download CSV' });
  await expect(csvLink).toHaveAttribute('href', /[?&]range=30d(&|$)/);
  const downloadPromise = page.waitForEvent('download');
  await csvLink.click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(
    /^relaycast-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv).toContain('(demo data)');
  expect(csv).toContain(
    'Day,Platform,Account,Followers,Views,Reach,Likes,Comments,Shares,Saves,Clicks,Posts published',
  );
  expect(csv).toMatch(/\r\n\d{4}-\d{2}-\d{2},instagram,relaycast\.demo,\d+,/);
  expect(csv).toContain('Top posts by views');

  await page.setViewportSize({ width: 390, height: 844 });
  await filters.getByRole('combobox', { name: 'Account' }).selectOption('all');
  await page.waitForTimeout(1200);
  await screenshot(page, 'analytics-390');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  // Inside the demo the header names it and marks it as a demo; the checklist counts no account of the user's.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByTestId('workspace-switcher')).toContainText('Demo');
  await page.getByTestId('workspace-switcher').click();
  const current = page.getByRole('list', { name: 'Your workspaces' }).locator('[aria-current="true"]');
  await expect(current).toContainText('Demo');
  await page.keyboard.press('Escape');

  // Leave demo: back to the user's own, empty workspace; the demo is kept and "Try with demo data" finds it.
  await page.getByRole('button', { name: 'Leave demo' }).click();
  await expect(page.getByText('Connect a social account to see its analytics here.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Demo data/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Try with demo data' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Demo data/ })).toBeVisible();

  // Delete demo data asks first; Keep it changes nothing; confirmed, the demo is gone.
  await page.getByRole('button', { name: 'Delete demo data' }).click();
  const question = page.getByRole('dialog', { name: 'Delete the demo data?' });
  await question.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Demo data/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete demo data' }).click();
  await question.getByRole('button', { name: 'Delete demo data' }).click();
  await expect(page.getByText('Connect a social account to see its analytics here.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Demo data/ })).toHaveCount(0);
});
