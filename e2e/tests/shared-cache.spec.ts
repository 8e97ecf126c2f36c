import { expect, test } from '@playwright/test';
import { signInAsNewUser } from './session';

/**
 * Two screens that read the same endpoint share one cache entry in the browser. When each declared its own
 * fetcher, /streaming cached `{destinations}` and /schedule-stream, opened within the stale time, read that
 * object as an array and crashed. Every endpoint now has one client module (apps/web/src/api/); this test
 * walks the path that broke, without a page reload, so the second screen reads the first one's cache.
 */
test('the stream planner opened after the studio lists the destinations the studio loaded', async ({
  page,
}) => {
  await signInAsNewUser(page);
  const created = await page.request.post('/api/streaming/destinations', {
    data: {
      platform: 'twitch',
      name: 'Cached Twitch',
      rtmpUrl: 'rtmp://127.0.0.1:1935/app',
      streamKey: 'live_key_5678',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/streaming');
  await expect(page.getByRole('list', { name: 'Destinations' }).getByText('Cached Twitch')).toBeVisible();

  // Client-side navigation keeps the query cache: Dashboard in the sidebar, then its Schedule Stream link.
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Dashboard' }).click();
  await page
    .getByRole('link', { name: /Schedule Stream/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/schedule-stream$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule Stream' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Cached Twitch/ })).toBeVisible();
  expect(errors).toEqual([]);

  // And the other way round: the studio opened after the planner still lists its destinations.
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Dashboard' }).click();
  await page
    .getByRole('link', { name: /Stream Manager/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/streaming$/);
  await expect(page.getByRole('list', { name: 'Destinations' }).getByText('Cached Twitch')).toBeVisible();
  expect(errors).toEqual([]);
});
