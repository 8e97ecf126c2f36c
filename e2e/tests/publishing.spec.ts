import { expect, test } from '@playwright/test';
import { connectMastodon, localDate, mastodonUrl, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

/** The local date and HH:mm, in TIME_ZONE, of the next whole minute at least 45 s away. */
function aboutAMinuteAhead(): { date: string; time: string } {
  const at = new Date(Date.now() + 105_000);
  at.setSeconds(0, 0);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(at);
  return { date: day === today ? localDate(0) : localDate(1), time };
}

test('a post scheduled a minute ahead to a connected account turns published with a link', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAsNewUser(page, 'Paula Publisher');
  await connectMastodon(page);

  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Mastodon', exact: true }).click();
  // The only connected Mastodon account is chosen already.
  await expect(page.getByRole('checkbox', { name: /^@masto\d+/ })).toBeChecked();
  const text = `Hello from the publishing engine ${Date.now()}`;
  await page.getByLabel('Post text').fill(text);
  const { date, time } = aboutAMinuteAhead();
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Time').fill(time);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Post scheduled')).toBeVisible();

  const destinations = page.getByRole('list', { name: 'Destinations' });
  await expect(destinations.getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(destinations.getByText('Published', { exact: true })).toBeVisible({ timeout: 180_000 });
  const link = destinations.getByRole('link', { name: 'View on Mastodon' });
  // The status's own address on the instance (the fake listens behind the forwarded port).
  await expect(link).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/@masto\d+\/\d+$/);
  await expect(page.getByRole('status').filter({ hasText: /^Published/ })).toBeVisible();

  // The calendar shows it published, with the link.
  await page.goto('/calendar');
  await expect(page.getByRole('link', { name: new RegExp(`View “${text.slice(0, 20)}`) })).toBeVisible();
});

test("a refused post shows the platform's reason, and Retry publishes it once the cause is gone", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, 'Rita Retry');
  await connectMastodon(page);
  const refusal = 'Validation failed: Text contains a word this instance does not allow';
  const refused = await page.request.post(`${mastodonUrl()}/__e2e/refuse-next-status`, {
    data: { error: refusal },
  });
  expect(refused.status()).toBe(204);

  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Mastodon', exact: true }).click();
  await page.getByLabel('Post text').fill(`This one is refused first ${Date.now()}`);
  await page.getByRole('button', { name: 'Publish now' }).click();

  const destinations = page.getByRole('list', { name: 'Destinations' });
  await expect(destinations.getByText(refusal)).toBeVisible({ timeout: 60_000 });
  await expect(destinations.getByText('Failed', { exact: true })).toBeVisible();
  await destinations.getByRole('button', { name: /^Retry/ }).click();
  await expect(destinations.getByText('Published', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(destinations.getByRole('link', { name: 'View on Mastodon' })).toBeVisible();
  await expect(destinations.getByText(refusal)).toHaveCount(0);
});
