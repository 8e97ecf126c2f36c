import { expect, type Page, test } from '@playwright/test';
import { expectSectionSaved, gotoSettings } from './helpers';
import { createPostThroughApi, localDate, parisInstant, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

// The browser runs in Paris; the user then picks PST in Settings, and every date follows the setting.
test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

const LOS_ANGELES = 'America/Los_Angeles';

function zoned(instant: string, timeZone: string): { date: string; time: string; label: string } {
  const at = new Date(instant);
  return {
    date: new Intl.DateTimeFormat('en-CA', { timeZone }).format(at),
    time: new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(at),
    label: new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(at),
  };
}

function calendarPost(page: Page, date: string, text: RegExp) {
  return page.locator(`[data-date="${date}"]`).getByRole('link', { name: text });
}

test('choosing PST moves the calendar and the composer to Pacific time, and a time picked there is Pacific', async ({
  page,
}) => {
  await signInAsNewUser(page);
  // Three days ahead at 15:00 in Paris: 06:00 or 07:00 the same day in Los Angeles, by daylight saving.
  const instant = parisInstant(localDate(3), '15:00');
  const post = await createPostThroughApi(page, {
    content: 'Zone check post',
    platforms: ['twitter'],
    action: 'schedule',
    scheduledAt: instant,
  });

  // The default: the browser's zone.
  await page.goto('/calendar');
  await expect(page.getByText('Times are in your time zone, Europe/Paris.')).toBeVisible();
  await expect(calendarPost(page, localDate(3), /Zone check post/)).toContainText('3:00 PM');

  await gotoSettings(page);
  const zone = page.getByLabel('Timezone');
  await expect(zone).toHaveValue('auto');
  await expect(zone.locator('option:checked')).toHaveText("Browser's time zone (Europe/Paris)");
  await zone.selectOption('PST');
  await expectSectionSaved(page, 'Language & Region');

  const pacific = zoned(instant, LOS_ANGELES);
  await page.goto('/calendar');
  await expect(page.getByText('Times are in your time zone, America/Los Angeles.')).toBeVisible();
  await expect(calendarPost(page, pacific.date, /Zone check post/)).toContainText(pacific.label);

  // The composer shows the stored instant in Pacific time, and a new time is read as Pacific time.
  await page.goto(`/post-composer?post=${encodeURIComponent(post.id)}`);
  await expect(page.getByLabel('Post text')).toHaveValue('Zone check post');
  await expect(page.getByLabel('Date')).toHaveValue(pacific.date);
  await expect(page.getByLabel('Time')).toHaveValue(pacific.time);
  await expect(page.getByText('Times are in your time zone, America/Los Angeles.')).toBeVisible();
  await page.getByLabel('Time').fill('09:00');
  // A scheduled post is updated (its action reads Update, not Schedule).
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Scheduled' })).toContainText('9:00 AM');
  const saved = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as { scheduledAt: string };
  expect(zoned(saved.scheduledAt, LOS_ANGELES)).toMatchObject({ date: pacific.date, time: '09:00' });

  // The setting survives a reload; going back to the browser's zone brings Paris back.
  await gotoSettings(page);
  await expect(page.getByLabel('Timezone')).toHaveValue('PST');
  await page.getByLabel('Timezone').selectOption('auto');
  await expectSectionSaved(page, 'Language & Region');
  await page.goto('/calendar');
  await expect(page.getByText('Times are in your time zone, Europe/Paris.')).toBeVisible();
});
