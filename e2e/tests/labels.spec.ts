import { expect, type Page, test } from '@playwright/test';
import { createPostThroughApi, dayLabel, localDate, parisInstant, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

/**
 * Post labels (docs/labels.md): a label created inline in the composer goes on a scheduled post, shows as a chip
 * on the calendar, and the calendar's filter by label shows only the posts carrying it.
 */

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

function day(page: Page, date: string) {
  return page.getByRole('main').getByRole('listitem', { name: dayLabel(date) });
}

test('a label created in the composer is on the scheduled post’s chip, and the calendar filters by it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, 'Lena Label');
  const date = localDate(2);
  await createPostThroughApi(page, {
    content: 'Unlabelled neighbour post',
    platforms: ['mastodon'],
    action: 'schedule',
    scheduledAt: parisInstant(date, '08:00'),
  });

  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Mastodon', exact: true }).click();
  await page.getByLabel('Post text').fill('Spring launch with a label');
  await page.getByLabel('Add a label').fill('Spring launch');
  await page.getByRole('button', { name: 'Create label “Spring launch”' }).click();
  const chosen = page.getByRole('list', { name: 'Labels of this post' });
  await expect(chosen.getByText('Spring launch', { exact: true })).toBeVisible();
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Time').fill('10:30');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Post scheduled')).toBeVisible();

  await page.goto('/calendar');
  const labelled = day(page, date)
    .locator('[data-post-id]')
    .filter({ hasText: 'Spring launch with a label' });
  await expect(labelled.locator('[data-slot="label-chip"]')).toHaveText('Spring launch');
  const neighbour = day(page, date).getByRole('link', { name: /Unlabelled neighbour post/ });
  await expect(neighbour).toBeVisible();

  await page.getByLabel('Label', { exact: true }).selectOption({ label: 'Spring launch' });
  await expect(neighbour).toBeHidden();
  await expect(labelled).toBeVisible();
  await page.getByLabel('Label', { exact: true }).selectOption({ label: 'All labels' });
  await expect(neighbour).toBeVisible();

  // Stored with the post: it reopens in the composer with its label.
  await labelled.getByRole('link').first().click();
  await expect(
    page.getByRole('list', { name: 'Labels of this post' }).getByText('Spring launch', { exact: true }),
  ).toBeVisible();
});
