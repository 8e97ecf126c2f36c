import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { totpCode } from '../../apps/server/test/totp';
import { gotoSettings, seriousViolations } from './helpers';
import { signIn, signInAsNewUser, signInThroughUi } from './session';

/** Security (docs/decisions/0032-two-factor-and-sessions.md): two-factor sign-in enrolled from Settings, and signing out other devices. */

/** A 6-digit code that is none of the ones the server accepts around now. */
function wrongCode(secret: string): string {
  const near = [-30_000, 0, 30_000].map((shift) => totpCode(secret, Date.now() + shift));
  return ['000000', '111111', '222222'].find((code) => !near.includes(code)) ?? '333333';
}

test('two-factor: enrol from settings by reading the key on the page, then sign in with a code', async ({
  page,
}) => {
  // A long walk (enrol, sign out, two sign-in steps, turn off): 49 s on the 2-core machine.
  test.setTimeout(120_000);
  const account = await signInAsNewUser(page, 'Ada Lovelace');
  await gotoSettings(page);
  const toggle = page.getByRole('switch', { name: 'Two-factor authentication' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();

  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('That password is not right.')).toBeVisible();
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The QR code is drawn in the page (an SVG), and the same secret is shown as text.
  await expect(dialog.locator('svg title', { hasText: 'QR code for your authenticator app' })).toHaveCount(1);
  const secret = (await dialog.getByLabel('Setup key').inputValue()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel('6-digit code').fill(wrongCode(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByText('That code is not right.', { exact: false })).toBeVisible();
  await dialog.getByLabel('6-digit code').fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('dialog', { name: 'Save your backup codes' });
  const items = codes.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const firstBackup = (await items.first().textContent()) ?? '';
  const downloading = page.waitForEvent('download');
  await codes.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('relaycast-backup-codes.txt');
  expect(await readFile((await download.path()) ?? '', 'utf8')).toContain(firstBackup);
  await codes.getByRole('button', { name: 'Done' }).click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Two-factor authentication' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // Signing in now asks for the code after the password.
  await page.getByRole('banner').getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.goto('/login');
  await signInThroughUi(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByLabel('Trust this device for 30 days').check();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();

  // Turning it off needs the password.
  await gotoSettings(page);
  await page.getByRole('switch', { name: 'Two-factor authentication' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-factor authentication' });
  await off.getByLabel('Password').fill(account.password);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('switch', { name: 'Two-factor authentication' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});

test('two-factor: a backup code signs in once, and Settings gives a new set', async ({ page }) => {
  const account = await signInAsNewUser(page, 'Grace Hopper');
  await page.goto('/dashboard');
  // Better Auth wants the Origin a browser sends with a signed-in POST.
  const headers = { origin: new URL(page.url()).origin };
  const started = await page.request.post('/api/auth/two-factor/enable', {
    data: { password: account.password },
    headers,
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { totpURI, backupCodes } = (await started.json()) as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  expect(
    (
      await page.request.post('/api/auth/two-factor/verify-totp', {
        data: { code: totpCode(secret) },
        headers,
      })
    ).ok(),
  ).toBe(true);
  await page.request.post('/api/auth/sign-out', { headers });

  await page.goto('/login');
  await signInThroughUi(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.request.post('/api/auth/sign-out', { headers });
  await page.goto('/login');
  await signInThroughUi(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That backup code is not right, or it was already used.')).toBeVisible();

  // Another code signs in; then Settings → Security gives a fresh set that replaces the old one.
  await page.getByLabel('Backup code').fill(backupCodes[1] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await gotoSettings(page);
  await page.getByRole('button', { name: 'New backup codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'New backup codes' });
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Get new codes' }).click();
  const fresh = page
    .getByRole('dialog', { name: 'Save your new backup codes' })
    .getByRole('list', { name: 'Backup codes' })
    .getByRole('listitem');
  await expect(fresh).toHaveCount(10);
  const shown = await fresh.allTextContents();
  expect(shown.some((code) => backupCodes.includes(code))).toBe(false);
});

test('signed-in devices: this device is marked, one device signs out, then "Sign out everywhere else"', async ({
  page,
  browser,
}) => {
  const account = await signInAsNewUser(page);
  const other = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  });
  await signIn(other, account);

  const phone = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  await signIn(phone, account);

  await gotoSettings(page);
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(3);
  await expect(devices.first()).toContainText('This device');
  await expect(devices.first().getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
  // One device at a time: the phone only.
  await page.getByRole('button', { name: 'Sign out Safari 17 on iOS' }).click();
  await expect(page.getByText('Signed out of that device.')).toBeVisible();
  await expect(devices).toHaveCount(2);
  expect((await phone.request.get('/api/me')).status()).toBe(401);
  expect((await other.request.get('/api/me')).status()).toBe(200);
  await phone.close();

  await expect(devices.nth(1)).toContainText('Edge 131 on Windows');
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out of every other device.')).toBeVisible();
  await expect(devices).toHaveCount(1);
  expect((await other.request.get('/api/me')).status()).toBe(401);
  expect((await page.request.get('/api/me')).status()).toBe(200);
  await other.close();
});
