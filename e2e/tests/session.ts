import { expect, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** Creates an account through the API (faster than the form, which auth.spec.ts covers). */
export async function createAccount(page: Page, name = 'Grace Hopper'): Promise<TestAccount> {
  const account = { name, email: uniqueEmail('site'), password: 'correct-horse-battery' };
  const response = await page.request.post('/api/auth/sign-up/email', { data: account });
  expect(response.ok(), await response.text()).toBe(true);
  return account;
}

/** Creates an account and signs the page's browser context in (the session cookie is shared). */
export async function signInAsNewUser(page: Page, name?: string): Promise<TestAccount> {
  const account = await createAccount(page, name);
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return account;
}
