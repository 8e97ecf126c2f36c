import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTestImage } from './fixtures';
import { signInAsNewUser } from './session';

let dir: string;
let photo: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-image-editor-'));
  photo = makeTestImage(dir, 'harbour.png', '640x360');
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('open an image of the library, crop it to 9:16, save, and find the new file beside the original', async ({
  page,
}) => {
  await signInAsNewUser(page, 'Ines Image');
  const uploaded = await page.request.post('/api/media', {
    multipart: { file: { name: 'harbour.png', mimeType: 'image/png', buffer: readFileSync(photo) } },
  });
  expect(uploaded.status()).toBe(201);

  await page.goto('/media-library');
  await page.getByRole('button', { name: 'Details of harbour.png' }).click();
  await page.getByRole('dialog', { name: 'harbour.png' }).getByRole('link', { name: 'Edit image' }).click();
  await expect(page.getByRole('heading', { name: 'Image Editor', level: 1 })).toBeVisible();
  await expect(page.getByText('Result: 640 × 360 px')).toBeVisible();
  // The preview draws the image once it has loaded.
  const preview = page.getByRole('img', { name: 'Preview of the edited image' });
  await expect.poll(() => preview.evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBe(640);

  await page.getByRole('button', { name: '9:16' }).click();
  await expect(page.getByText('Result: 203 × 360 px')).toBeVisible();
  await expect.poll(() => preview.evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBe(203);
  await page.getByRole('button', { name: 'Save as a new file' }).click();

  await expect(page).toHaveURL(/\/media-library$/);
  await expect(page.getByText('Saved as "harbour (edited).png" in your media library.')).toBeVisible();
  const grid = page.getByRole('list', { name: 'Media files' });
  const edited = grid.getByRole('listitem', { name: 'harbour (edited).png' });
  await expect(edited).toContainText('203×360');
  await expect(grid.getByRole('listitem', { name: 'harbour.png' })).toContainText('640×360');
});

test('the editor fits a phone’s screen, with text and a logo added', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewUser(page, 'Pia Phone');
  const uploaded = await page.request.post('/api/media', {
    multipart: { file: { name: 'harbour.png', mimeType: 'image/png', buffer: readFileSync(photo) } },
  });
  const logo = await page.request.post('/api/media', {
    multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: readFileSync(photo) } },
  });
  expect(logo.status()).toBe(201);
  await page.goto(`/image-editor?media=${(await uploaded.json()).id}`);
  await page.getByRole('button', { name: 'Add text' }).click();
  await page.getByLabel('Add a logo or sticker from the library').selectOption({ label: 'logo.png' });
  await expect(page.getByRole('button', { name: 'Remove logo' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
