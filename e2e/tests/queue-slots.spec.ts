import { expect, type Page, test } from '@playwright/test';
import { connectMastodon, dayLabel, localDate, parisInstant, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The short English weekday of a date (YYYY-MM-DD), as the schedule's day boxes are named. */
function shortDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d, 12)),
  );
}

function day(page: Page, date: string) {
  return page.getByRole('main').getByRole('listitem', { name: dayLabel(date) });
}

test('a posting schedule: "Add to queue" takes its first slot and the calendar shows it and the open one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, 'Quinn Queue');
  await connectMastodon(page);
  const tomorrow = localDate(1);

  // Two times tomorrow only (docs/queue-slots.md): 10:15 and 14:45, Paris time.
  const card = page.getByRole('region', { name: /^Posting schedule of / });
  await expect(card).toContainText('Times in Europe/Paris');
  const time = card.getByLabel('Time', { exact: true });
  for (const other of SHORT_DAYS.filter((name) => name !== shortDay(tomorrow))) {
    await card.getByRole('checkbox', { name: other }).uncheck();
  }
  await time.fill('14:45');
  await card.getByRole('button', { name: 'Add time' }).click();
  await expect(card.getByText('2:45 PM')).toBeVisible();
  await time.fill('10:15');
  await card.getByRole('button', { name: 'Add time' }).click();
  await expect(card.getByText('10:15 AM')).toBeVisible();
  await page.screenshot({ path: '/tmp/queue-slots-schedule.png', fullPage: true });
  // On a phone the schedule fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Mastodon', exact: true }).click();
  await page.getByLabel('Post text').fill('Into the first posting slot');
  await page.getByRole('button', { name: 'Add to queue' }).click();
  await expect(page.getByText(/^Added to the queue for .* at 10:15 AM$/)).toBeVisible();
  const post = await page.evaluate(async () => {
    const id = new URL(window.location.href).searchParams.get('post');
    return (await fetch(`/api/posts/${id}`)).json();
  });
  expect(post.scheduledAt).toBe(parisInstant(tomorrow, '10:15'));

  await page.goto('/calendar');
  await expect(day(page, tomorrow).getByRole('link', { name: /Into the first posting slot/ })).toBeVisible({
    timeout: 20_000,
  });
  const open = day(page, tomorrow).getByRole('list', { name: /^Open queue slots on / });
  await expect(open.getByRole('button')).toHaveText([/2:45 PM/]);
  await page.screenshot({ path: '/tmp/queue-slots-calendar.png', fullPage: true });

  // The open slot writes a post for its time.
  await open.getByRole('button', { name: /2:45 PM/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Post' });
  await expect(dialog.getByLabel('Date')).toHaveValue(tomorrow);
  await expect(dialog.getByLabel('Time')).toHaveValue('14:45');
  await page.keyboard.press('Escape');

  // The zone picker: New York instead of Paris, the times kept as they read (10:15 stays 10:15).
  await page.goto('/connected-accounts');
  await expect(card.getByText('10:15 AM')).toBeVisible();
  await expect(card).toContainText('Changing the zone keeps the times: 09:00 stays 09:00, in the new zone.');
  await card.getByLabel('Search time zones').fill('new york');
  await card.getByLabel('Schedule time zone').selectOption('America/New_York');
  await expect(card).toContainText('Times in America/New_York');
  await expect(card.getByText('10:15 AM')).toBeVisible();
  await page.screenshot({ path: '/tmp/queue-slots-zone.png', fullPage: true });
  const schedules = await page.evaluate(async () => (await fetch('/api/queue-slots')).json());
  const saved = (schedules.schedules as { timeZone: string | null; slots: { time: string }[] }[]).find(
    (one) => one.timeZone,
  );
  expect(saved?.timeZone).toBe('America/New_York');
  expect(saved?.slots.map((slot) => slot.time)).toEqual(['10:15', '14:45']);
});
