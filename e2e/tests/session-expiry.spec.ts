import { expect, test } from '@playwright/test';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { signIn, signInAsNewUser, signInThroughUi } from './session';

/**
 * A page whose session ends while it is open (signed out from another device) goes to the sign-in page on its
 * next request, says why, and comes back after signing in, instead of half-working (docs/decisions/0063-errors.md).
 */
test('a revoked session sends the open page to sign in, and back after it', async ({
  page,
  browser,
  baseURL,
}) => {
  const account = await signInAsNewUser(page, 'Sam Session');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${account.name}`);

  // Another device signs in and signs every other device out.
  const other = await browser.newContext({ baseURL });
  await signIn(other, account);
  const revoke = await other.request.post('/api/sessions/revoke-others', {
    headers: { origin: baseURL ?? '' },
  });
  expect(revoke.ok(), await revoke.text()).toBe(true);
  await other.close();

  await page.getByRole('link', { name: 'Calendar' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(AUTH_MESSAGES.sessionExpired)).toBeVisible();

  await signInThroughUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/calendar$/);
});
