import { expect, type Page, test } from '@playwright/test';
import {
  createPostThroughApi,
  dayLabel,
  localDate,
  parisInstant,
  seriousViolations,
  TIME_ZONE,
} from './post-helpers';
import { signInAsNewUser } from './session';

// The calendar's views (docs/decisions/0076-calendar-views.md): three weeks, a week, a month and a list, at a
// desktop and a phone width; and the toast with Undo after a move.

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

function day(page: Page, date: string) {
  return page.getByRole('main').getByRole('listitem', { name: dayLabel(date) });
}

async function pageFits(page: Page) {
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: innerWidth,
  }));
  expect(width.scroll).toBeLessThanOrEqual(width.inner);
}

function monthTitle(date: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

for (const size of WIDTHS) {
  test(`week, month and list views with their own Previous / Today / Next, remembered (${size.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInAsNewUser(page);
    const today = localDate(0);
    await createPostThroughApi(page, {
      content: 'Seen in every view',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: parisInstant(localDate(1), '18:30'),
    });
    await page.goto('/calendar');
    const views = page.getByRole('group', { name: 'View' });
    await expect(views.getByRole('button', { name: '3 weeks', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.locator('[data-date]')).toHaveCount(21);

    // Week: seven days, the week's first day (Sunday, as the app decides it) first, every post at its local time.
    await views.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(page).toHaveURL(/view=week/);
    await expect(page.locator('[data-date]')).toHaveCount(7);
    const weekStart = (await page.locator('[data-date]').first().getAttribute('data-date')) ?? '';
    expect(new Date(`${weekStart}T12:00:00Z`).getUTCDay()).toBe(0);
    await expect(page.locator('[aria-current="date"]')).toHaveAttribute('data-date', today);
    if (await page.locator(`[data-date="${localDate(1)}"]`).count()) {
      await expect(day(page, localDate(1)).getByRole('link', { name: /Seen in every view/ })).toContainText(
        '6:30 PM',
      );
    }
    await expect(page.getByRole('button', { name: 'Today', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.locator('[data-date]').first()).toHaveAttribute(
      'data-date',
      new Date(Date.parse(`${weekStart}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10),
    );
    await expect(page.locator('[aria-current="date"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(page.locator('[data-date]').first()).toHaveAttribute('data-date', weekStart);
    await pageFits(page);
    await page.screenshot({
      path: test.info().outputPath(`calendar-week-${size.width}.png`),
      fullPage: true,
    });

    // Month: whole weeks around this month, titled with it; Next goes to the next month. The post is on
    // tomorrow: on the month's last day that is next month's first, which a phone's month shows only there.
    await views.getByRole('button', { name: 'Month', exact: true }).click();
    await expect(page.getByText(monthTitle(today), { exact: true })).toBeVisible();
    expect((await page.locator('[data-date]').count()) % 7).toBe(0);
    const postInThisMonth = localDate(1).slice(0, 7) === today.slice(0, 7);
    const postInMonthView = () =>
      expect(day(page, localDate(1)).getByRole('link', { name: /Seen in every view/ })).toContainText(
        '6:30 PM',
      );
    if (postInThisMonth) await postInMonthView();
    await pageFits(page);
    await page.screenshot({
      path: test.info().outputPath(`calendar-month-${size.width}.png`),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'Next month' }).click();
    const nextMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1, 12))
      .toISOString()
      .slice(0, 10);
    await expect(page.getByText(monthTitle(nextMonth), { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`date=${nextMonth}`));
    if (!postInThisMonth) await postInMonthView();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page.getByText(monthTitle(today), { exact: true })).toBeVisible();

    // List: the month's posts day by day.
    await views.getByRole('button', { name: 'List', exact: true }).click();
    await expect(page.locator('[data-date]')).toHaveCount(0);
    if (localDate(1).slice(0, 7) === today.slice(0, 7)) {
      const listed = page.locator(`[data-list-date="${localDate(1)}"]`);
      await expect(listed.getByRole('heading')).toHaveText(dayLabel(localDate(1)));
      await expect(listed.getByRole('link', { name: /Seen in every view/ })).toContainText('6:30 PM');
    }
    await pageFits(page);
    await page.screenshot({
      path: test.info().outputPath(`calendar-list-${size.width}.png`),
      fullPage: true,
    });
    expect(await seriousViolations(page)).toEqual([]);

    // The browser remembers the view for the next visit.
    await page.goto('/calendar');
    await expect(views.getByRole('button', { name: 'List', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
}

test('a drag-and-drop move says what moved and to when; Undo moves it back, and a refused undo says why', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsNewUser(page);
  const from = localDate(1);
  const to = localDate(3);
  const created = await createPostThroughApi(page, {
    content: 'Undo my move',
    platforms: ['mastodon'],
    action: 'schedule',
    scheduledAt: parisInstant(from, '09:15'),
  });
  await page.goto('/calendar?view=month');
  if ((await page.locator(`[data-date="${to}"]`).count()) === 0)
    await page.goto('/calendar?view=three-weeks');

  await day(page, from)
    .getByRole('link', { name: /Undo my move/ })
    .dragTo(day(page, to));
  const toast = page.getByRole('listitem').filter({ hasText: /^Moved “Undo my move” to .* at 9:15\sAM\./ });
  await expect(toast).toBeVisible();
  await expect(day(page, to).getByRole('link', { name: /Undo my move/ })).toContainText('9:15 AM');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(
    page.getByRole('listitem').filter({ hasText: /^Moved “Undo my move” back to / }),
  ).toBeVisible();
  await expect(day(page, from).getByRole('link', { name: /Undo my move/ })).toContainText('9:15 AM');
  await expect(day(page, to).getByRole('link')).toHaveCount(0);
  const stored = (await (await page.request.get(`/api/posts/${created.id}`)).json()) as {
    scheduledAt: string;
  };
  expect(stored.scheduledAt).toBe(parisInstant(from, '09:15'));

  // Moved again, and the undo refused by the server: its reason is shown, the post stays where it went.
  await day(page, from)
    .getByRole('link', { name: /Undo my move/ })
    .dragTo(day(page, to));
  const again = page.getByRole('listitem').filter({ hasText: /^Moved “Undo my move” to / });
  await expect(again).toBeVisible();
  await page.route('**/api/posts/*/schedule', (route) =>
    route.fulfill({
      status: 409,
      json: {
        code: 'POST_NOT_EDITABLE',
        message: 'This post is being published or was already published and can no longer be changed.',
      },
    }),
  );
  await again.getByRole('button', { name: 'Undo' }).click();
  await expect(
    page.getByText('This post is being published or was already published and can no longer be changed.'),
  ).toBeVisible();
  await expect(day(page, to).getByRole('link', { name: /Undo my move/ })).toContainText('9:15 AM');
});

test('on a phone, the Move button gives the same toast and Undo', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewUser(page);
  const from = localDate(2);
  const to = localDate(4);
  await createPostThroughApi(page, {
    content: 'Move me on a phone',
    platforms: ['bluesky'],
    action: 'schedule',
    scheduledAt: parisInstant(from, '17:45'),
  });
  await page.goto('/calendar?view=three-weeks');
  await day(page, from)
    .getByRole('button', { name: /Move “Move me on a phone” to another day/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Move to another day' });
  await dialog.getByLabel('Move to').fill(to);
  await dialog.getByRole('button', { name: 'Move post' }).click();
  const toast = page.getByRole('listitem').filter({ hasText: /^Moved “Move me on a phone” to / });
  await expect(toast).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('calendar-move-toast-390.png') });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(day(page, from).getByRole('link', { name: /Move me on a phone/ })).toContainText('5:45 PM');
});
