import { expect, test } from '@playwright/test';
import { uniqueEmail } from './helpers';
import { signInThroughUi, signUpThroughUi } from './session';

test('sign up, log in, stay signed in across a reload, sign out, and come back to a protected page', async ({
  page,
}) => {
  const user = { name: 'Ada Lovelace', email: uniqueEmail('journey'), password: 'analytical-engine' };
  await signUpThroughUi(page, user);

  await expect(page.getByText('Account created successfully! Please sign in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  // Greeted as new, not "Welcome back", with the password (all that is left to type) focused.
  await expect(page.getByRole('heading', { name: 'Welcome to Relaycast' })).toBeVisible();
  await expect(
    page.getByText('Your account is ready. Sign in with the password you just chose.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);
  await expect(page.getByLabel('Password')).toBeFocused();

  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // A new account is welcomed ("Welcome back" once it is a day old: apps/server/src/modules/onboarding).
  await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  await page.goto('/calendar?view=week');
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/calendar\?view=week$/);
});

test('a wrong password shows the exact message and keeps the visitor on the login page', async ({ page }) => {
  const user = { name: 'Grace Hopper', email: uniqueEmail('wrong'), password: 'cobol-rules' };
  await signUpThroughUi(page, user);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('signing up with a registered email offers a Sign In action that opens login with the email', async ({
  page,
}) => {
  const user = { name: 'Alan Turing', email: uniqueEmail('dup'), password: 'enigma-machine' };
  await signUpThroughUi(page, user);
  await expect(page).toHaveURL(/\/login$/);

  await signUpThroughUi(page, { ...user, name: 'Someone Else' });
  await expect(page.getByText('This email is already registered. Please sign in instead.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  // An account that already existed is welcomed back.
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('sign-up validates on the page with the exact messages', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('Full name').fill('Short Password');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Password should be at least 6 characters long.')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('a referral link shows the code read-only on the sign-up page', async ({ page }) => {
  await page.goto('/signup?ref=FRIEND42');
  const field = page.getByLabel('Referral code');
  await expect(field).toHaveValue('FRIEND42');
  await expect(field).toHaveAttribute('readonly', '');
});

test('a signed-out visitor to a protected page sees login, never the page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('a locked-out owner sees how long to wait and gets back in through a reset link, on the page', async ({
  page,
}) => {
  const user = { name: 'Locked Out', email: uniqueEmail('locked'), password: 'right-password' };
  const signedUp = await page.request.post('/api/auth/sign-up/email', { data: user });
  expect(signedUp.ok()).toBe(true);
  // Someone else guesses five times.
  for (let i = 0; i < 5; i++) {
    const guess = await page.request.post('/api/auth/sign-in/email', {
      data: { email: user.email, password: `guess-${i}` },
    });
    expect(guess.status()).toBe(401);
  }
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'Too many failed attempts. Please try again later.' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/You can try again in 1[45] minutes\./);
  await alert.getByRole('link', { name: 'Reset your password' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?email=/);
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
});
