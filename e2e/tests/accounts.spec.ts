import { expect, test } from '@playwright/test';
import { gotoSettings, seriousViolations } from './helpers';
import { mastodonUrl } from './post-helpers';
import { signInAsNewUser } from './session';

test('connects X through OAuth and Mastodon by instance, shows unconfigured platforms, disconnects', async ({
  page,
}) => {
  // Two OAuth round trips, a reload, an axe scan and a reconnect: 66 s on a busy 2-core host against 60.
  test.setTimeout(120_000);
  await signInAsNewUser(page, 'Ada Publisher');
  await gotoSettings(page);
  await page.getByRole('link', { name: 'Connected accounts' }).click();
  await expect(page).toHaveURL(/\/connected-accounts$/);
  await expect(page.getByRole('heading', { name: 'Connected accounts', level: 1 })).toBeVisible();
  await expect(page.getByText('No accounts yet.')).toBeVisible();

  // A platform without client credentials names the variables instead of offering a broken Connect button; its
  // one button is Set up (platform-setup.spec.ts).
  const facebook = page.getByRole('list', { name: 'Platforms' }).getByRole('listitem', { name: 'Facebook' });
  await expect(facebook.getByText('Not configured')).toBeVisible();
  await expect(facebook.getByText('FACEBOOK_CLIENT_ID')).toBeVisible();
  await expect(facebook.getByText('FACEBOOK_CLIENT_SECRET')).toBeVisible();
  await expect(facebook.getByRole('button')).toHaveText(['Set up']);

  // X: the fake's consent page sends the browser straight back through the callback.
  await page.getByRole('button', { name: 'Connect X (Twitter)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'X (Twitter) account connected.' })).toBeVisible();
  await expect(page).toHaveURL(/\/connected-accounts$/);
  const accounts = page.getByRole('list', { name: 'Connected accounts' });
  const xAccount = accounts.getByRole('listitem', { name: /on X \(Twitter\)$/ });
  await expect(xAccount).toBeVisible();
  await expect(xAccount.getByText(/xuser\d+/)).toBeVisible();
  await expect(xAccount.getByText('Connected', { exact: true })).toBeVisible();
  await expect(xAccount.getByText(/Last sync/)).toBeVisible();

  // Mastodon: the instance URL; Relaycast registers itself there, then the user authorizes.
  await page.getByRole('button', { name: 'Connect Mastodon' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Mastodon' });
  await dialog.getByLabel('Instance URL').fill(mastodonUrl());
  await dialog.getByRole('button', { name: 'Continue to Mastodon' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mastodon account connected.' })).toBeVisible();
  const mastodonAccount = accounts.getByRole('listitem', { name: /on Mastodon$/ });
  await expect(mastodonAccount.getByText(/masto\d+@127\.0\.0\.1/)).toBeVisible();
  await expect(page.getByText(/2 of \d+ accounts on the/)).toBeVisible();

  // The Mastodon audience is in New York: its best time is counted there, and the choice is kept.
  const zone = mastodonAccount.getByLabel('Audience time zone (best time)');
  await expect(zone).toHaveValue('');
  await zone.selectOption('America/New_York');
  await expect(page.getByText(/Time zone saved for masto/)).toBeVisible();
  await page.reload();
  await expect(
    accounts.getByRole('listitem', { name: /on Mastodon$/ }).getByLabel(/Audience time zone/),
  ).toHaveValue('America/New_York');

  // A long handle is cut with an ellipsis on a phone instead of widening the page.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  expect(await seriousViolations(page)).toEqual([]);

  // Disconnect X: confirmed, tokens gone, the row stays with Reconnect.
  await xAccount.getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('dialog', { name: /^Disconnect / });
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(xAccount.getByText('Disconnected', { exact: true })).toBeVisible();
  await expect(xAccount.getByRole('button', { name: 'Reconnect' })).toBeVisible();
  await expect(page.getByText(/1 of \d+ accounts on the/)).toBeVisible();

  // Reconnect goes through X's consent again. The fake hands out a new X user per authorization, so it is
  // listed beside the disconnected one (restoring the same platform account is covered by the API tests).
  await xAccount.getByRole('button', { name: 'Reconnect' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'X (Twitter) account connected.' })).toBeVisible();
  const xAccounts = accounts.getByRole('listitem', { name: /on X \(Twitter\)$/ });
  await expect(xAccounts).toHaveCount(2);
  await expect(xAccounts.getByText('Connected', { exact: true })).toHaveCount(1);
});

test('connects Bluesky with an app password and explains a refused one', async ({ page }) => {
  await signInAsNewUser(page, 'Bo Sky');
  await page.goto('/post-composer');
  await page.getByRole('link', { name: 'Manage connected accounts' }).click();
  await expect(page).toHaveURL(/\/connected-accounts$/);

  await page.getByRole('button', { name: 'Connect Bluesky' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Bluesky' });
  await dialog.getByLabel('Handle').fill('bo.bsky.social');
  await dialog.getByLabel('App password').fill('my-real-password');
  await dialog.getByRole('button', { name: 'Connect Bluesky' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Bluesky refused the connection: Invalid identifier or password',
  );

  await dialog.getByLabel('App password').fill('abcd-efgh-ijkl-mnop');
  await dialog.getByRole('button', { name: 'Connect Bluesky' }).click();
  await expect(dialog).toBeHidden();
  const account = page
    .getByRole('list', { name: 'Connected accounts' })
    .getByRole('listitem', { name: /on Bluesky$/ });
  await expect(account.getByText('bo.bsky.social')).toBeVisible();
  await expect(account.getByText('Connected', { exact: true })).toBeVisible();
});
