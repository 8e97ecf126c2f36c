import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

/**
 * Billing (docs/decisions/0046-stripe-billing.md): an owner on the trial chooses a plan, pays on (the local fake of) Stripe's Checkout, comes
 * back to the usage page and sees the plan active, once Stripe's signed webhook has arrived.
 */

test('an owner on the trial chooses a plan at Checkout and comes back to it active', async ({ page }) => {
  await signInAsNewUser(page, 'Bill Payer');
  await page.goto('/usage');
  const card = page.getByTestId('billing-card');
  await expect(card.getByText('No paid plan yet.')).toBeVisible();
  await expect(page.getByTestId('trial-days-left')).toBeVisible();

  await card.getByLabel('Plan', { exact: true }).selectOption('premium');
  await card.getByLabel('Billing period').selectOption('annual');
  await card.getByRole('button', { name: 'Choose plan' }).click();

  // Stripe's Checkout page (the fake): the annual Premium price.
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText('price_premium_annual')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back on the usage page, the plan is active and the trial is over.
  await expect(page).toHaveURL(/\/usage\?checkout=success$/);
  await expect(page.getByTestId('billing-plan')).toContainText('Premium plan, billed annually');
  await expect(page.getByTestId('billing-plan')).toContainText('Status: active');
  await expect(page.getByTestId('plan-summary')).toContainText('Premium plan');
  await expect(page.getByTestId('trial-days-left')).toHaveCount(0);
  await expect(page.getByTestId('trial-badge')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Choose plan' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Manage billing opens Stripe's portal, which returns to the usage page.
  await card.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe customer portal' })).toBeVisible();
  await page.getByRole('link', { name: 'Return' }).click();
  await expect(page).toHaveURL(/\/usage$/);
  await expect(page.getByTestId('billing-plan')).toContainText('Premium plan');
});

test('the admin page is not found for a user who is not an administrator, and Settings does not ask for it', async ({
  page,
}) => {
  await signInAsNewUser(page, 'Nora Nobody');
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) refused.push(response.url());
  });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Plan & usage' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Administration' })).toHaveCount(0);
  expect(refused).toEqual([]);

  await page.goto('/admin');
  await expect(page.getByText('404: nothing lives at')).toBeVisible();
});
