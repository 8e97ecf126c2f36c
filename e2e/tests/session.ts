import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers';

/**
 * The one place an e2e test signs in. A test that is not about the auth forms signs in through the API
 * (`signInAsNewUser`, fast); a test about the forms uses `signUpThroughUi` / `signInThroughUi`.
 */

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** Creates an account through the API without signing in (for a test that signs in through the form). */
export async function createAccount(page: Page, name = 'Grace Hopper'): Promise<TestAccount> {
  const account = { name, email: uniqueEmail('site'), password: 'correct-horse-battery' };
  const response = await page.request.post('/api/auth/sign-up/email', { data: account });
  expect(response.ok(), await response.text()).toBe(true);
  return account;
}

/** Signs a page's or a browser context's requests (and so its pages) in as an existing account. */
export async function signIn(browser: { request: APIRequestContext }, account: TestAccount): Promise<void> {
  const response = await browser.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Creates an account and signs the page's browser context in (the session cookie is shared). */
export async function signInAsNewUser(page: Page, name?: string): Promise<TestAccount> {
  const account = await createAccount(page, name);
  await signIn(page, account);
  return account;
}

/** The sign-up form, filled and sent (auth.spec.ts and onboarding.spec.ts are about it). */
export async function signUpThroughUi(page: Page, user: TestAccount) {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** The sign-in form the page was sent to, filled and sent. */
export async function signInThroughUi(page: Page, email: string, password: string) {
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
