import { expect, test } from '@playwright/test';
import { signInAsNewUser } from './session';

// docs/decisions/0078-settings-save-as-you-go-and-week-start.md: on an install without an e-mail server no screen
// promises an e-mail. The e2e server has one (the SMTP sink), so its status is answered as an install without.

test.beforeEach(async ({ page }) => {
  await page.route('**/api/mail/status', (route) => route.fulfill({ json: { delivers: false } }));
});

test('the forgot-password page says no e-mail can be sent and how the administrator makes a link', async ({
  page,
}) => {
  await page.goto('/forgot-password');
  await expect(
    page.getByText('No e-mail server is configured on this Relaycast install, so no e-mail can be sent.'),
  ).toBeVisible();
  await expect(page.getByText('npm run admin -- reset-link <e-mail>')).toBeVisible();
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Make a reset link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'No e-mail was sent: this install has no e-mail server.',
  );
  await expect(page.getByText(/we have sent a link/)).toHaveCount(0);
});

test('Email reports offers the PDF and a report link instead of a schedule', async ({ page }) => {
  await signInAsNewUser(page);
  // The demo workspace has figures, so the page shows its report actions.
  expect((await page.request.post('/api/analytics/demo')).status()).toBe(200);
  await page.goto('/analytics');
  await page.getByRole('button', { name: 'Email reports' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email reports' });
  await expect(dialog.getByText(/Scheduled reports are not e-mailed/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Schedule e-mails' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByLabel('New report link (shown once)')).toHaveValue(/\/r\/[\w-]+$/);
  // The dialog promises no Monday e-mail either.
  await expect(dialog.getByText(/Every Monday/)).toHaveCount(0);
});
