import { expect, test } from '@playwright/test';
import { dayLabel, localDate, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

/** Recurring posts (docs/recurring-posts.md): a weekly post on the calendar, and one occurrence edited alone. */

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

test('schedule a weekly post, see its occurrences with the repeat icon, and edit one "this post only"', async ({
  page,
}) => {
  await signInAsNewUser(page);
  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Mastodon', exact: true }).click();
  await page.getByLabel('Post text').fill('Weekly tip of the week');
  const first = localDate(1);
  const second = localDate(8);
  await page.getByLabel('Date').fill(first);
  await page.getByLabel('Time').fill('09:15');
  await page.getByLabel('Repeats').selectOption('weekly');
  const repeat = page.getByRole('group', { name: 'Repeat' });
  await expect(repeat.getByRole('status')).toHaveText(/^Weekly on \w{3}, 10 times$/);
  await repeat.getByLabel('Times').fill('4');
  await expect(repeat.getByRole('status')).toHaveText(/^Weekly on \w{3}, 4 times$/);
  await repeat.screenshot({ path: '/tmp/recurring-repeat-control.png' });
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Post scheduled')).toBeVisible();

  await page.goto('/calendar');
  const main = page.getByRole('main');
  const firstDay = main.getByRole('listitem', { name: dayLabel(first) });
  const secondDay = main.getByRole('listitem', { name: dayLabel(second) });
  await expect(firstDay.getByRole('link', { name: /Weekly tip of the week/ })).toContainText('9:15 AM');
  await expect(secondDay.getByRole('link', { name: /Weekly tip of the week/ })).toContainText('9:15 AM');
  await expect(firstDay.getByRole('img', { name: 'Recurring post' })).toBeVisible();
  await expect(secondDay.getByRole('img', { name: 'Recurring post' })).toBeVisible();
  await secondDay.getByRole('link', { name: /Weekly tip of the week/ }).focus();
  await expect(page.getByRole('tooltip')).toContainText(/Repeats: Weekly on \w{3}, 4 times/);
  await page.screenshot({ path: '/tmp/recurring-calendar.png' });

  await secondDay.getByRole('link', { name: /Weekly tip of the week/ }).click();
  await expect(page.getByText(/Part of a recurring post: Weekly on \w{3}, 4 times/)).toBeVisible();
  await page.getByLabel('Post text').fill('Weekly tip: a special edition');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Edit a recurring post' });
  await question.screenshot({ path: '/tmp/recurring-scope-dialog.png' });
  await question.getByRole('button', { name: 'This post only' }).click();
  await expect(page.getByText('Post scheduled')).toBeVisible();
  await expect(page.getByText(/Part of a recurring post/)).toBeHidden();

  await page.goto('/calendar');
  await expect(secondDay.getByRole('link', { name: /Weekly tip: a special edition/ })).toContainText(
    '9:15 AM',
  );
  await expect(secondDay.getByRole('img', { name: 'Recurring post' })).toHaveCount(0);
  await expect(firstDay.getByRole('link', { name: /Weekly tip of the week/ })).toBeVisible();
  await expect(firstDay.getByRole('img', { name: 'Recurring post' })).toBeVisible();
});
