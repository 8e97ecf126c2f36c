import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { makeTestImage } from './fixtures';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

/**
 * Watermarks (docs/watermarks.md): saved under the media library, chosen in the composer, previewed there, and
 * burned in ahead of publishing with Apply now (the preview then shows the rendered copy itself).
 */

let dir: string;
let logo: string;
let photo: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-watermarks-'));
  photo = makeTestImage(dir, 'shop-front.png', '640x360');
  logo = makeTestImage(dir, 'brand-logo.png', '200x100');
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function upload(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /choose files/i }).click();
  await (await chooser).setFiles([file]);
  const name = path.basename(file);
  await expect(page.getByRole('list', { name: 'Media files' }).getByRole('listitem', { name })).toBeVisible();
}

test('create a watermark, choose it in the composer, see it on the preview and apply it now', async ({
  page,
}) => {
  // An upload, a watermark, the composer and an ffmpeg render: 51 s on a busy 2-core host against 60.
  test.setTimeout(120_000);
  await signInAsNewUser(page, 'Wanda Watermark');
  await page.goto('/media-library');
  await upload(page, photo);
  await upload(page, logo);

  const section = page.getByRole('region', { name: 'Watermarks' });
  await section.getByRole('button', { name: 'New watermark' }).click();
  const card = section.getByRole('article', { name: 'Watermark 1' });
  await expect(card).toBeVisible();
  await card.getByLabel('Image').selectOption({ label: 'brand-logo.png' });
  await card.getByLabel('Position').selectOption({ label: 'Top left' });
  await card.getByLabel('Opacity (%)').fill('80');
  await card.getByLabel('Opacity (%)').press('Tab');
  await expect(card.getByRole('status')).toHaveText('Saved');
  await page.reload();
  await expect(section.getByRole('article', { name: 'Watermark 1' }).getByLabel('Position')).toHaveValue(
    'top-left',
  );
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Mastodon', exact: true }).click();
  await page.getByLabel('Post text').fill('Our shop, with our logo');
  await page.getByRole('button', { name: 'Choose from library' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose from your media library' });
  await dialog.getByRole('button', { name: /shop-front\.png/ }).click();
  await dialog.getByRole('button', { name: 'Attach selected' }).click();

  const choice = page.getByLabel('Watermark', { exact: true });
  await expect(choice).toHaveValue('default');
  await choice.selectOption({ label: 'Watermark 1' });
  const preview = page.getByRole('list', { name: 'Watermark preview' });
  const mark = preview.getByTestId('watermark-overlay');
  await expect(mark).toBeVisible();
  await expect(mark).toHaveCSS('opacity', '0.8');
  // The mark sits in the photo's top-left corner, 3 % in, 20 % of its width.
  const [photoBox, markBox] = await Promise.all([
    preview.getByRole('img', { name: 'shop-front.png' }).boundingBox(),
    mark.boundingBox(),
  ]);
  expect(photoBox && markBox).toBeTruthy();
  if (photoBox && markBox) {
    expect(markBox.x - photoBox.x).toBeCloseTo(photoBox.width * 0.03, 0);
    expect(markBox.y - photoBox.y).toBeCloseTo(photoBox.height * 0.03, 0);
    expect(markBox.width).toBeCloseTo(photoBox.width * 0.2, 0);
  }
  expect(await seriousViolations(page)).toEqual([]);

  // Apply now: the server renders the copy the platforms will receive; the preview shows that copy.
  const apply = page.getByRole('button', { name: 'Apply now' });
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(page.getByRole('button', { name: 'Applied' })).toBeDisabled({ timeout: 30_000 });
  const copy = preview.getByRole('img', { name: 'shop-front.png, watermarked' });
  await expect(copy).toBeVisible();
  await expect(preview.getByTestId('watermark-overlay')).toHaveCount(0);
  await expect(
    page.getByText('The preview shows the watermarked copies the platforms will receive.'),
  ).toBeVisible();
  const open = preview.getByRole('link', { name: 'Open' });
  const href = await open.getAttribute('href');
  expect(href).toMatch(/^\/api\/media\/[^/]+\/file$/);
  const file = await page.request.get(href ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/png');
  await expect(preview.getByRole('link', { name: 'Download' })).toHaveAttribute('download', /watermarked/);
  await preview.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/watermark-now-composer.png', fullPage: true });
  await preview.locator('xpath=ancestor::section[1]').screenshot({ path: '/tmp/watermark-now-section.png' });
  expect(await seriousViolations(page)).toEqual([]);
});
