import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers';
import { dayLabel, localDate, parisInstant, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

test('a planned stream is saved in the user’s time zone, listed, and shown in its calendar day', async ({
  page,
}) => {
  // A destination, a planned stream, the list and the calendar: 49 s on a busy 2-core host against 60.
  test.setTimeout(120_000);
  await signInAsNewUser(page);
  const destination = await page.request.post('/api/streaming/destinations', {
    data: {
      platform: 'twitch',
      name: 'My Twitch',
      rtmpUrl: 'rtmp://127.0.0.1:1935/app',
      streamKey: 'live_key_1234',
    },
  });
  expect(destination.ok(), await destination.text()).toBe(true);

  await page.goto('/dashboard');
  await page
    .getByRole('link', { name: /Schedule Stream/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/schedule-stream$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule Stream' })).toBeVisible();
  await expect(page.getByText('No streams planned yet.')).toBeVisible();

  // Nothing is saved without a title.
  await page.getByRole('button', { name: 'Schedule Stream' }).click();
  await expect(page.getByText('Please enter a title for the stream.')).toBeVisible();

  const date = localDate(2);
  await page.getByLabel('Title').fill('Launch party');
  await page.getByLabel('Description').fill('Live Q&A about the release');
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Time').fill('15:30');
  await expect(page.getByText(`Times are in your time zone, ${TIME_ZONE}.`)).toBeVisible();
  await page.getByRole('checkbox', { name: /My Twitch/ }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Schedule Stream' }).click();
  await expect(page.getByText('Stream scheduled')).toBeVisible();

  const upcoming = page.getByRole('list', { name: 'Upcoming streams' });
  await expect(upcoming.getByText('Launch party', { exact: true })).toBeVisible();
  await expect(upcoming.getByText('1 destination')).toBeVisible();

  const stored = (await (await page.request.get('/api/scheduled-streams')).json()).streams;
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    title: 'Launch party',
    description: 'Live Q&A about the release',
    scheduledAt: parisInstant(date, '15:30'),
    timezone: TIME_ZONE,
    destinationIds: [(await destination.json()).id],
  });

  // Edit: the form opens with the stored values; the new time is saved in the same time zone.
  await page.getByRole('button', { name: 'Edit Launch party' }).click();
  await expect(page.getByRole('heading', { name: 'Edit “Launch party”' })).toBeVisible();
  await expect(page.getByLabel('Time')).toHaveValue('15:30');
  await expect(page.getByRole('checkbox', { name: /My Twitch/ })).toBeChecked();
  await page.getByLabel('Title').fill('Launch party, later');
  await page.getByLabel('Time').fill('16:45');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Planned stream updated')).toBeVisible();
  await expect(upcoming.getByText('Launch party, later', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plan a stream' })).toBeVisible();
  const edited = await (await page.request.get(`/api/scheduled-streams/${stored[0].id}`)).json();
  expect(edited).toMatchObject({ title: 'Launch party, later', scheduledAt: parisInstant(date, '16:45') });

  await page.goto('/calendar');
  const cell = page.getByRole('main').getByRole('listitem', { name: dayLabel(date) });
  const item = cell.getByRole('link', { name: /Launch party, later/ });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Live stream');
  await expect(item).toContainText('4:45 PM');
  await expect(item).toHaveAttribute('href', `/streaming?plan=${stored[0].id}`);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByText('Nothing is scheduled for these three weeks.')).toHaveCount(0);

  // Deleting it from the planner removes it from the calendar too.
  await page.goto('/schedule-stream');
  await page.getByRole('button', { name: 'Delete Launch party, later' }).click();
  await expect(page.getByText('Planned stream deleted')).toBeVisible();
  await expect(page.getByText('No streams planned yet.')).toBeVisible();
  await page.goto('/calendar');
  await expect(page.getByText('Nothing is scheduled for these three weeks.')).toBeVisible();
});

test('a time in the past is refused with a clear message', async ({ page }) => {
  await signInAsNewUser(page);
  await page.goto('/schedule-stream');
  await page.getByLabel('Title').fill('Yesterday’s show');
  await page.getByLabel('Date').fill(localDate(-1));
  await page.getByLabel('Time').fill('10:00');
  await page.getByRole('button', { name: 'Schedule Stream' }).click();
  await expect(page.getByText('Choose a time in the future for the stream.')).toBeVisible();
  expect((await (await page.request.get('/api/scheduled-streams')).json()).streams).toEqual([]);
});
