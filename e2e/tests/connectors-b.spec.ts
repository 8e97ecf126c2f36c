import { expect, test } from '@playwright/test';
import { signInAsNewUser } from './session';

// TikTok (OAuth with PKCE and client_key) and Threads (threads.net OAuth, long-lived token exchange) against their
// local fakes, through the Connected accounts screen.
test('connects TikTok and Threads accounts through their OAuth pages', async ({ page }) => {
  await signInAsNewUser(page, 'Tia Creator');
  await page.goto('/connected-accounts');
  await expect(page.getByRole('heading', { name: 'Connected accounts', level: 1 })).toBeVisible();
  const accounts = page.getByRole('list', { name: 'Connected accounts' });

  await page.getByRole('button', { name: 'Connect TikTok' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'TikTok account connected.' })).toBeVisible();
  await expect(page).toHaveURL(/\/connected-accounts$/);
  const tiktok = accounts.getByRole('listitem', { name: /on TikTok$/ });
  await expect(tiktok.getByText(/fake\.tiktok\.\d+/)).toBeVisible();
  await expect(tiktok.getByText('Connected', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Connect Threads' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Threads account connected.' })).toBeVisible();
  const threads = accounts.getByRole('listitem', { name: /on Threads$/ });
  await expect(threads.getByText(/fake\.threads\.\d+/)).toBeVisible();
  await expect(threads.getByText('Connected', { exact: true })).toBeVisible();
});
