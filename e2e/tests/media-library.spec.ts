import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { makeTestImage } from './fixtures';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

/** The Standard plan's file-size limit (2 MB), which applies during the trial. */
const STANDARD_MAX_FILE_BYTES = 2 * 1024 * 1024;

let dir: string;
let photo: string;
let tooBig: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-media-'));
  photo = makeTestImage(dir, 'sunset-banner.png', '640x360');
  // A real PNG padded to one byte over the limit: the server must refuse it by size, not by type.
  tooBig = path.join(dir, 'poster-too-big.png');
  const png = readFileSync(photo);
  writeFileSync(tooBig, Buffer.concat([png, Buffer.alloc(STANDARD_MAX_FILE_BYTES + 1 - png.length)]));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function chooseFiles(page: Page, files: string[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /choose files/i }).click();
  await (await chooser).setFiles(files);
}

test('upload an image, find it, delete it; a file over the plan limit shows the server’s reason', async ({
  page,
}) => {
  await signInAsNewUser(page, 'Mia Media');
  await page.goto('/media-library');
  await expect(page.getByRole('heading', { name: 'Media Library', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Media Library/);
  await expect(page.getByText('0 bytes of 100 MB used on the Standard plan')).toBeVisible();
  await expect(page.getByText('Your library is empty')).toBeVisible();

  await chooseFiles(page, [photo]);
  const grid = page.getByRole('list', { name: 'Media files' });
  const card = grid.getByRole('listitem', { name: 'sunset-banner.png' });
  await expect(card).toBeVisible();
  const thumbnail = card.getByRole('img', { name: 'Preview of sunset-banner.png' });
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(480);
  await expect(card).toContainText(/\d+ KB · 640×360/);
  await expect(page.getByText(/KB of 100 MB used on the Standard plan/)).toBeVisible();

  const search = page.getByLabel('Search media');
  await search.fill('sunset');
  await expect(card).toBeVisible();
  await search.fill('no such file');
  await expect(page.getByText('No files match your search')).toBeVisible();
  await expect(card).toBeHidden();
  await search.fill('');
  await page.getByRole('button', { name: 'Videos', exact: true }).click();
  await expect(card).toBeHidden();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(card).toBeVisible();

  await chooseFiles(page, [tooBig]);
  const refused = page
    .getByRole('region', { name: 'Uploads' })
    .getByRole('listitem', { name: 'poster-too-big.png' });
  await expect(refused.getByRole('alert')).toHaveText(
    '"poster-too-big.png" is larger than 2 MB, the file size limit of the Standard plan.',
  );
  await expect(grid.getByRole('listitem')).toHaveCount(1);

  await card.getByRole('button', { name: 'Delete sunset-banner.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete “sunset-banner.png”?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File deleted')).toBeVisible();
  await expect(page.getByText('Your library is empty')).toBeVisible();
  await expect(page.getByText('0 bytes of 100 MB used on the Standard plan')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Your library is empty')).toBeVisible();
});

test('the drop zone works from the keyboard and the page has no serious accessibility problems', async ({
  page,
}) => {
  await signInAsNewUser(page, 'Kai Keys');
  // Listened for before the page opens: a key press, unlike a click, has no actionability checks before it, and
  // without a trace recorded it once reached the page before Chromium was told to hand the picker to the test.
  const chooser = page.waitForEvent('filechooser');
  await page.goto('/media-library');

  const zone = page.getByRole('button', { name: /choose files/i });
  await zone.focus();
  await expect(zone).toBeFocused();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles([photo, tooBig]);
  await expect(page.getByRole('img', { name: 'Preview of sunset-banner.png' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'poster-too-big.png' })).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Delete sunset-banner.png' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('img', { name: 'Preview of sunset-banner.png' })).toBeVisible();
});
