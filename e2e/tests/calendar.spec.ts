import { expect, type Page, test } from '@playwright/test';
import {
  createPostThroughApi,
  dayLabel,
  localDate,
  parisInstant,
  parisTime,
  seriousViolations,
  TIME_ZONE,
} from './post-helpers';
import { signInAsNewUser } from './session';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

function day(page: Page, date: string) {
  return page.getByRole('main').getByRole('listitem', { name: dayLabel(date) });
}

test('an empty calendar says how to start; Create Post schedules a post that appears in its day at once', async ({
  page,
}) => {
  await signInAsNewUser(page);
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Content Calendar' })).toBeVisible();
  await expect(page.getByText('Nothing is scheduled for these three weeks.')).toBeVisible();
  // Three weeks of seven days, Sunday first, today highlighted.
  await expect(page.getByRole('main').getByRole('region', { name: /^Week of / })).toHaveCount(3);
  await expect(page.locator('[data-date]')).toHaveCount(21);
  const today = page.locator('[aria-current="date"]');
  await expect(today).toHaveCount(1);
  await expect(today).toHaveAttribute('data-date', localDate(0));
  const firstDate = await page.locator('[data-date]').first().getAttribute('data-date');
  expect(new Date(`${firstDate}T12:00:00Z`).getUTCDay()).toBe(0);

  await page.getByRole('button', { name: 'Create Post', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await expect(dialog).toBeVisible();
  for (const name of ['Instagram', 'X (Twitter)', 'Facebook', 'LinkedIn', 'Threads']) {
    await expect(dialog.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'false');
  }
  await expect(dialog.getByLabel('Content')).toHaveAttribute('rows', '4');

  // Cancel closes without creating anything.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Create Post', exact: true }).click();
  await dialog.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(dialog.getByText('Choose at least one platform.')).toBeVisible();
  await dialog.getByRole('button', { name: 'X (Twitter)', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'X (Twitter)', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await dialog.getByLabel('Content').fill('x'.repeat(300));
  await dialog.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(
    dialog.getByText('X (Twitter) allows at most 280 characters; this text has 300.'),
  ).toBeVisible();

  const date = localDate(2);
  await dialog.getByLabel('Content').fill('Calendar launch post from the modal');
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByLabel('Time').fill('10:30');
  await dialog.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Post scheduled')).toBeVisible();

  const post = day(page, date).getByRole('link', { name: /Calendar launch post from the modal/ });
  await expect(post).toContainText('10:30 AM');
  await expect(post.getByRole('img', { name: 'X (Twitter)' })).toBeVisible();
  await expect(page.getByText('Nothing is scheduled for these three weeks.')).toBeHidden();

  // Stored for real: still there after a reload, and it opens in the composer.
  await page.reload();
  await day(page, date)
    .getByRole('link', { name: /Calendar launch post from the modal/ })
    .click();
  await expect(page).toHaveURL(/\/post-composer\?post=/);
  await expect(page.getByLabel('Post text')).toHaveValue('Calendar launch post from the modal');
});

test('drag a scheduled post to another day: it moves at once, keeps its time, and stays after a reload', async ({
  page,
}) => {
  await signInAsNewUser(page);
  const from = localDate(1);
  const to = localDate(3);
  const created = await createPostThroughApi(page, {
    content: 'Drag me to another day',
    platforms: ['mastodon'],
    action: 'schedule',
    scheduledAt: parisInstant(from, '09:15'),
  });
  await page.goto('/calendar');
  const item = day(page, from).getByRole('link', { name: /Drag me to another day/ });
  await expect(item).toContainText('9:15 AM');

  await item.dragTo(day(page, to));
  await expect(day(page, to).getByRole('link', { name: /Drag me to another day/ })).toContainText('9:15 AM');
  await expect(day(page, from).getByRole('link', { name: /Drag me to another day/ })).toHaveCount(0);

  await page.reload();
  await expect(day(page, to).getByRole('link', { name: /Drag me to another day/ })).toContainText('9:15 AM');
  await expect(day(page, from).getByRole('link')).toHaveCount(0);

  const stored = (await (await page.request.get(`/api/posts/${created.id}`)).json()) as {
    scheduledAt: string;
  };
  expect(stored.scheduledAt).toBe(parisInstant(to, '09:15'));
  expect(parisTime(stored.scheduledAt)).toBe('09:15');
});

test('the keyboard way to move a post; a refused move goes back with the reason', async ({ page }) => {
  await signInAsNewUser(page);
  const from = localDate(2);
  const to = localDate(4);
  await createPostThroughApi(page, {
    content: 'Move me with the keyboard',
    platforms: ['bluesky'],
    action: 'schedule',
    scheduledAt: parisInstant(from, '17:45'),
  });
  await page.goto('/calendar');
  await day(page, from)
    .getByRole('button', { name: /Move “Move me with the keyboard” to another day/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Move to another day' });
  await expect(dialog.getByText('At 5:45 PM, your time.')).toBeVisible();
  await dialog.getByLabel('Move to').fill(to);
  await dialog.getByRole('button', { name: 'Move post' }).click();
  await expect(day(page, to).getByRole('link', { name: /Move me with the keyboard/ })).toContainText(
    '5:45 PM',
  );

  // When the server refuses a move, the post goes back where it was and the reason is shown.
  await page.route('**/api/posts/*/schedule', (route) =>
    route.fulfill({
      status: 409,
      json: {
        code: 'POST_NOT_EDITABLE',
        message: 'This post is being published or was already published and can no longer be changed.',
      },
    }),
  );
  await day(page, to)
    .getByRole('link', { name: /Move me with the keyboard/ })
    .dragTo(day(page, from));
  await expect(
    page.getByText('This post is being published or was already published and can no longer be changed.'),
  ).toBeVisible();
  await expect(day(page, to).getByRole('link', { name: /Move me with the keyboard/ })).toContainText(
    '5:45 PM',
  );
  await expect(day(page, from).getByRole('link')).toHaveCount(0);
});

test('Previous and Next move by three weeks; a busy day folds into "+N more"', async ({ page }) => {
  await signInAsNewUser(page);
  const busy = localDate(1);
  for (let index = 0; index < 5; index++) {
    await createPostThroughApi(page, {
      content: `Busy post ${index + 1}`,
      platforms: ['twitter'],
      action: 'schedule',
      scheduledAt: parisInstant(busy, `1${index}:00`),
    });
  }
  await page.goto('/calendar');
  const cell = day(page, busy);
  await expect(cell.getByRole('link')).toHaveCount(2);
  await cell.getByRole('button', { name: /\+3 more/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link')).toHaveCount(5);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const firstBefore = (await page.locator('[data-date]').first().getAttribute('data-date')) ?? '';
  const threeWeeksLater = new Date(Date.parse(`${firstBefore}T12:00:00Z`) + 21 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('[data-date]').first()).toHaveAttribute('data-date', threeWeeksLater);
  await expect(page.locator('[data-date]')).toHaveCount(21);
  await expect(page.locator('[aria-current="date"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.locator('[data-date]').first()).toHaveAttribute('data-date', firstBefore);
  await expect(page.locator('[aria-current="date"]')).toHaveCount(1);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe, ${colorScheme} mode: a calendar with posts, its Create Post and Move dialogs`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await signInAsNewUser(page);
    const date = localDate(1);
    await createPostThroughApi(page, {
      content: 'Accessible calendar post',
      platforms: ['twitter', 'linkedin'],
      action: 'schedule',
      scheduledAt: parisInstant(date, '11:00'),
    });
    await page.goto('/calendar');
    await expect(day(page, date).getByRole('link', { name: /Accessible calendar post/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create Post', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Create Post' })
      .getByRole('button', { name: 'Schedule Post' })
      .click();
    await expect(page.getByText('Choose at least one platform.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await day(page, date)
      .getByRole('button', { name: /to another day/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Move to another day' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
