import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

/**
 * Stock photos from Unsplash (docs/media-import.md, "Unsplash"): the e2e server's UNSPLASH_API_BASE is the local fake
 * of global-setup.ts, which serves its own pictures. Search, see the hotlinked thumbnails with their credit, load
 * the next page, import one, and find it in the library with "Photo by … on Unsplash".
 */
test('search Unsplash, import a photo and find it in the library with its credit', async ({ page }) => {
  await signInAsNewUser(page, 'Sol Stock');
  await page.goto('/media-library');
  const panel = page.getByRole('region', { name: 'Stock photos from Unsplash' });
  await panel.getByLabel('Search Unsplash').fill('harbour');
  await panel.getByRole('button', { name: 'Search' }).click();

  const results = panel.getByRole('list', { name: 'Unsplash photos' });
  const first = results.getByRole('listitem').first();
  await expect(first).toHaveAccessibleName('Photo by Grace Hopper');
  await expect(first.getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
    'href',
    'https://unsplash.com/@gracehopper?utm_source=relaycast&utm_medium=referral',
  );
  // The thumbnail is the fake's own (hotlinked), allowed by the page's Content-Security-Policy.
  const thumbnail = first.getByRole('img');
  await expect(thumbnail).toHaveAttribute('src', /\/images\/harbour-1\.png/);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(results.getByRole('listitem')).toHaveCount(20);
  await panel.getByRole('button', { name: 'Load more' }).click();
  await expect(results.getByRole('listitem')).toHaveCount(40);
  await page.screenshot({ path: '/tmp/unsplash-panel.png', fullPage: true });

  await first.getByRole('button', { name: 'Import the photo by Grace Hopper' }).click();
  await expect(
    page.getByText('Import started: the photo will appear in the library in a moment.'),
  ).toBeVisible();
  const card = page
    .getByRole('list', { name: 'Media files' })
    .getByRole('listitem', { name: 'grace-hopper-harbour-1-unsplash' });
  await expect(card).toContainText('96×64');
  await card.getByRole('button', { name: 'Details of grace-hopper-harbour-1-unsplash' }).click();
  const details = page.getByRole('dialog', { name: 'grace-hopper-harbour-1-unsplash' });
  await expect(details.getByText('Photo by Grace Hopper on Unsplash')).toBeVisible();
  await expect(details.getByRole('link', { name: 'Unsplash', exact: true })).toHaveAttribute(
    'href',
    'https://unsplash.com/?utm_source=relaycast&utm_medium=referral',
  );
  await expect(details.getByRole('link', { name: 'The photo on Unsplash' })).toHaveAttribute(
    'href',
    'https://unsplash.com/photos/harbour-1?utm_source=relaycast&utm_medium=referral',
  );
  await page.screenshot({ path: '/tmp/unsplash-detail.png' });
  expect(await seriousViolations(page)).toEqual([]);
});
