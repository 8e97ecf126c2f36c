import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTestImage } from './fixtures';
import { seriousViolations } from './helpers';
import { connectMastodon } from './post-helpers';
import { signInAsNewUser } from './session';

/** Per docs/plans-and-billing.md: the usage page shows the trial and the workspace's real figures against the Standard limits. */

let dir: string;
let photo: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-usage-'));
  photo = makeTestImage(dir, 'usage-photo.png', '640x360');
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a new user sees the trial in the header and real usage after uploading a file and connecting an account', async ({
  page,
}) => {
  await signInAsNewUser(page, 'Uma Usage');
  await page.goto('/dashboard');

  // The header's trial badge leads to the usage page.
  await page.getByTestId('trial-badge').click();
  await expect(page).toHaveURL(/\/usage$/);
  await expect(page.getByRole('heading', { name: 'Plan & usage', level: 1 })).toBeVisible();
  await expect(page.getByText('Free trial with the Standard limits')).toBeVisible();
  await expect(page.getByTestId('trial-days-left')).toHaveText('Trial: 14 days left');
  await expect(page.getByRole('meter', { name: 'Connected accounts' })).toHaveAttribute(
    'aria-valuetext',
    '0 of 3',
  );
  await expect(page.getByRole('meter', { name: 'Storage' })).toHaveAttribute(
    'aria-valuetext',
    '0 MB of 100 MB',
  );
  await expect(page.getByTestId('members-count')).toHaveText('Members: 1');
  await expect(page.getByRole('meter', { name: 'AI generations this hour' })).toHaveAttribute(
    'aria-valuetext',
    '0 of 60',
  );

  // Upload a file and connect an account: the page shows them.
  await page.goto('/media-library');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /choose files/i }).click();
  await (await chooser).setFiles([photo]);
  await expect(
    page.getByRole('list', { name: 'Media files' }).getByRole('listitem', { name: 'usage-photo.png' }),
  ).toBeVisible();
  await connectMastodon(page);

  await page.goto('/usage');
  await expect(page.getByRole('meter', { name: 'Connected accounts' })).toHaveAttribute(
    'aria-valuetext',
    '1 of 3',
  );
  await expect(
    page.getByRole('meter', { name: 'Accounts on Mastodon (your fullest platform)' }),
  ).toHaveAttribute('aria-valuetext', '1 of 1');
  const kilobytes = Math.max(1, Math.round(statSync(photo).size / 1024));
  await expect(page.getByRole('meter', { name: 'Storage' })).toHaveAttribute(
    'aria-valuetext',
    `${kilobytes} KB of 100 MB`,
  );
  await expect(page.getByText('Largest file: 2 MB')).toBeVisible();
  // Checked on a fresh load: no toast of the sign-in or the connect is fading out over the page.
  expect(await seriousViolations(page)).toEqual([]);

  // Settings links here too.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Plan & usage' }).click();
  await expect(page).toHaveURL(/\/usage$/);
});
