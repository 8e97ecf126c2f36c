import { expect, type Page, test } from '@playwright/test';
import { createPostThroughApi, seriousViolations, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

/** Per docs/decisions/0027-onboarding.md: the dashboard shows the user's own state: empty for a new user, their posts once they have some. */

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

function section(page: Page, name: string) {
  return page.getByRole('region', { name });
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a new user is welcomed with empty states and no sample figures; their posts then show up', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const account = await signInAsNewUser(page, 'Dana Dashboard');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${account.name}`);

  // The seed's quick cards and panels stay.
  for (const card of ['Create Post', 'Go Live', 'Analytics', 'Calendar'])
    await expect(page.getByRole('link', { name: new RegExp(`^${card}`) }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Content Management' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Live Streaming' })).toBeVisible();

  const week = section(page, 'Last 7 days');
  await expect(week.getByText('not available')).toHaveCount(2);
  await expect(section(page, 'Next scheduled posts')).toContainText(
    'Nothing is scheduled. Plan a post and it shows up here.',
  );
  await expect(section(page, 'Recently published')).toContainText('Nothing published yet.');
  await expect(section(page, 'Needs attention')).toContainText('Nothing needs your attention');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath('dashboard-empty-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath('dashboard-empty-390.png'), fullPage: true });

  // Two scheduled posts; no Mastodon account is connected, so each waits for one and needs attention.
  const soon = new Date(Date.now() + 3 * 3_600_000);
  soon.setUTCMinutes(0, 0, 0);
  const later = new Date(soon.getTime() + 24 * 3_600_000);
  await createPostThroughApi(page, {
    content: 'Launch day: the new studio is open to everyone',
    platforms: ['mastodon'],
    action: 'schedule',
    scheduledAt: soon.toISOString(),
  });
  await createPostThroughApi(page, {
    content: 'Behind the scenes of the launch',
    platforms: ['mastodon', 'bluesky'],
    action: 'schedule',
    scheduledAt: later.toISOString(),
  });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.reload();

  const upcoming = section(page, 'Next scheduled posts');
  const items = upcoming.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Launch day: the new studio is open to everyone');
  // Shown at its time in the user's zone (the browser's, Paris, until one is chosen), as their locale writes it.
  const localTime = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  }).format(soon);
  await expect(items.first()).toContainText(localTime);
  await expect(items.first().getByRole('link')).toHaveAttribute('href', /\/post-composer\?post=/);

  const attention = section(page, 'Needs attention');
  await expect(attention).toContainText(
    'Mastodon: No connected Mastodon account was chosen for this post. Connect one and pick it in the post.',
  );
  await expect(attention.getByRole('link', { name: 'Open in the composer' })).toHaveCount(3);
  await expect(section(page, 'Last 7 days').getByText('not available')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath('dashboard-seeded-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath('dashboard-seeded-390.png'), fullPage: true });

  await attention.getByRole('link', { name: 'Open in the composer' }).first().click();
  await expect(page).toHaveURL(/\/post-composer\?post=/);
});

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the dashboard with something needing attention has no serious accessibility violations', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signInAsNewUser(page, 'Nora Night');
    await createPostThroughApi(page, {
      content: 'A post waiting for its account',
      platforms: ['bluesky'],
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 5 * 3_600_000).toISOString(),
    });
    await page.goto('/dashboard');
    await expect(section(page, 'Needs attention')).toContainText('Bluesky: No connected Bluesky account');
    await expect(section(page, 'Last 7 days').getByText('not available')).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
