import { expect, test } from '@playwright/test';
import { NOTIFICATION_MESSAGES } from '@relaycast/shared/notifications';
import { connectMastodon, mastodonUrl, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

test('a post that fails to publish shows a notification with the unread count; Mark all as read clears it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, 'Nora Notified');
  await connectMastodon(page);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(NOTIFICATION_MESSAGES.bellLabel);

  const refusal = 'Validation failed: Text contains a word this instance does not allow';
  const refused = await page.request.post(`${mastodonUrl()}/__e2e/refuse-next-status`, {
    data: { error: refusal },
  });
  expect(refused.status()).toBe(204);
  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Mastodon', exact: true }).click();
  await page.getByLabel('Post text').fill(`This one is refused ${Date.now()}`);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('list', { name: 'Destinations' }).getByText(refusal)).toBeVisible({
    timeout: 60_000,
  });

  // The bell polls every 30 s; a page load asks at once.
  await page.goto('/dashboard');
  await expect(bell).toHaveAccessibleName(NOTIFICATION_MESSAGES.bellLabelUnread(1));
  await expect(bell).toContainText('1');
  await bell.click();
  const panel = page.getByRole('region', { name: NOTIFICATION_MESSAGES.listTitle });
  const item = panel.getByRole('link', {
    name: new RegExp(NOTIFICATION_MESSAGES.postFailedTitle('Mastodon')),
  });
  await expect(item).toBeVisible();
  await expect(item).toContainText(refusal);
  await expect(item).toHaveAttribute('href', '/calendar');

  await panel.getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead }).click();
  await expect(bell).toHaveAccessibleName(NOTIFICATION_MESSAGES.bellLabel);
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead })).toBeDisabled();
  // Read stays read after a reload.
  await page.reload();
  await expect(bell).toHaveAccessibleName(NOTIFICATION_MESSAGES.bellLabel);
});
