import { expect, test } from '@playwright/test';
import { signInAsNewUser } from './session';

// The demo workspace's inbox (docs/decisions/0078-settings-save-as-you-go-and-week-start.md): generated comments,
// mentions and messages labelled Demo; a reply is recorded and sent to no network.

test('the demo workspace has an inbox, and a reply there reaches no network', async ({ page }, testInfo) => {
  await signInAsNewUser(page);
  const created = await page.request.post('/api/analytics/demo');
  expect(created.status()).toBe(200);

  await page.goto('/engagement');
  const inbox = page.getByRole('list', { name: 'Inbox items' });
  await expect(inbox.getByRole('listitem').first()).toBeVisible();
  expect(await inbox.getByRole('listitem').count()).toBeGreaterThanOrEqual(8);
  await expect(inbox.getByRole('listitem').first()).toContainText('Demo');

  await page.getByLabel('Type').selectOption('comment');
  await inbox
    .getByRole('button', { name: /on X \(Twitter\)/ })
    .first()
    .click();
  const selected = page.getByRole('region', { name: 'Selected item' });
  await expect(
    selected.getByText('Demo data: a reply is recorded here and sent to no network.'),
  ).toBeVisible();
  await selected.getByLabel('Your reply or message').fill('Thank you! See you on Friday.');
  await selected.getByRole('button', { name: 'Reply on X (Twitter)' }).click();
  await expect(
    page.getByText('Demo data: recorded in the inbox, nothing was sent to the network.'),
  ).toBeVisible();
  await expect(selected.getByText('Status: Answered')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('demo-inbox.png'), fullPage: true });
});
