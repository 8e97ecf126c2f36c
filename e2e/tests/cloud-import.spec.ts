import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

/**
 * Cloud import (docs/media-import.md): the e2e server's Dropbox keys point at the local fake (global-setup.ts), so a
 * member connects Dropbox through its OAuth page, browses a folder in our picker and imports a picture in the
 * background; the providers without keys say which variables the operator sets.
 */
test('connect the fake Dropbox, pick a picture and find it in the library after a reload', async ({
  page,
}) => {
  await signInAsNewUser(page, 'Cleo Cloud');
  await page.goto('/media-library');
  const panel = page.getByRole('region', { name: 'Import from a cloud drive' });
  const canva = panel.getByRole('listitem', { name: 'Canva' });
  await expect(canva).toContainText('The operator sets CANVA_CLIENT_ID, CANVA_CLIENT_SECRET.');
  await expect(canva.getByRole('button', { name: 'Connect Canva' })).toBeDisabled();

  const dropbox = panel.getByRole('listitem', { name: 'Dropbox' });
  await dropbox.getByRole('button', { name: 'Connect Dropbox' }).click();
  // The fake's consent page sends the browser straight back to the callback, then to the library.
  await expect(page.getByText('Dropbox connected')).toBeVisible();
  await expect(page).toHaveURL(/\/media-library$/);
  await expect(dropbox).toContainText('Connected as dana@dropbox.test');

  await dropbox.getByRole('button', { name: 'Browse Dropbox' }).click();
  const picker = page.getByRole('dialog', { name: 'Import from Dropbox' });
  await picker.getByRole('button', { name: 'Open folder Photos' }).click();
  await picker.getByRole('checkbox', { name: /red\.png/ }).check();
  await page.screenshot({ path: '/tmp/cloud-drives-picker.png' });
  await picker.getByRole('button', { name: 'Import 1 file' }).click();
  await expect(page.getByText('Import started')).toBeVisible();

  const imports = page.getByRole('region', { name: 'Import from a link' });
  await expect(imports.getByRole('listitem', { name: 'Dropbox: red.png' })).toContainText('Imported');
  const card = page.getByRole('list', { name: 'Media files' }).getByRole('listitem', { name: 'red.png' });
  await expect(card).toContainText('320×180');

  // The import is the server's: a reload finds it as it was.
  await page.reload();
  await expect(imports.getByRole('listitem', { name: 'Dropbox: red.png' })).toContainText('Imported');
  await page.screenshot({ path: '/tmp/cloud-drives-panel.png', fullPage: true });
  await expect(page.getByText('Import started')).toBeHidden({ timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);
});
