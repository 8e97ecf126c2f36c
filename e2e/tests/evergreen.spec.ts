import { expect, test } from '@playwright/test';
import { connectMastodon, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

test('an evergreen collection: create it, queue a post into it with two variants, see it with its next slot', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, 'Evan Evergreen');
  await connectMastodon(page);

  await page
    .getByRole('navigation', { name: 'App', exact: true })
    .getByRole('link', { name: 'Evergreen' })
    .click();
  await expect(page.getByRole('heading', { name: 'Evergreen', level: 1 })).toBeVisible();
  await page.getByLabel('Collection name').fill('Blog classics');
  await page.getByRole('button', { name: 'Create collection' }).click();
  const collection = page.getByRole('region', { name: 'Blog classics' });
  await expect(collection).toContainText('At least 30 days apart');
  await expect(collection).toContainText('No posts yet.');

  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Mastodon', exact: true }).click();
  await page.getByLabel('Post text').fill('Read our guide to posting');
  await page.getByLabel('Evergreen').selectOption({ label: 'Blog classics' });
  await page.getByRole('button', { name: 'Add a variant' }).click();
  await page.getByLabel('Variant 2', { exact: true }).fill('Our guide to posting, updated');
  await page.screenshot({ path: '/tmp/evergreen-composer.png', fullPage: true });
  await page.getByRole('button', { name: 'Add to queue' }).click();
  await expect(page.getByText('Post added to the evergreen collection')).toBeVisible();

  await page.goto('/evergreen');
  const entry = collection.getByRole('listitem', { name: 'Evergreen post' });
  await expect(entry).toContainText('Read our guide to posting');
  await expect(entry).toContainText(/Next: .+ at \d{1,2}:\d{2} (AM|PM)/);
  await expect(entry).toContainText('Variant 1 of 2 goes out next');
  await page.screenshot({ path: '/tmp/evergreen-page.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
