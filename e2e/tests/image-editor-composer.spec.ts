import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { makeTestImage } from './fixtures';
import { signInAsNewUser } from './session';

/**
 * The image editor over the composer (docs/image-editor.md): an attached image cropped to 9:16, resized by a
 * handle, a text dragged on the preview, saved; the post's attachment becomes the edited copy, its alt text and
 * the unsaved post text kept.
 */
let dir: string;
let photo: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-image-editor-composer-'));
  photo = makeTestImage(dir, 'harbour.png', '640x360');
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Drags from the middle of `target` by (dx, dy) screen pixels with the mouse, in small steps. */
async function drag(page: Page, target: Locator, dx: number, dy: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to drag');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

async function resultSize(dialog: Locator): Promise<{ width: number; height: number }> {
  const text = (await dialog.getByText(/^Result: \d+ × \d+ px/).textContent()) ?? '';
  const [, width, height] = /Result: (\d+) × (\d+) px/.exec(text) ?? [];
  return { width: Number(width), height: Number(height) };
}

test('edit an attached image in the composer: crop to 9:16, resize by a handle, save, and the post takes the copy', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, 'Cora Crop');
  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Instagram', exact: true }).click();
  await page.getByLabel('Post text').fill('Evening at the harbour');
  await page.getByLabel('Upload files').setInputFiles(photo);
  const attached = page.getByRole('list', { name: 'Attached media' });
  await expect(attached.getByRole('img', { name: 'harbour.png' })).toBeVisible();
  await attached.getByRole('button', { name: /Alt text for harbour\.png/ }).click();
  await page.getByLabel('Alt text for harbour.png').fill('Boats in the harbour at dusk');

  await attached.getByRole('button', { name: 'Edit image harbour.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit image' });
  await expect(dialog.getByText('Result: 640 × 360 px')).toBeVisible();
  await dialog.getByRole('button', { name: '9:16' }).click();
  await expect(dialog.getByText('Result: 203 × 360 px')).toBeVisible();

  // The bottom-left corner handle, dragged inwards: the box shrinks and stays 9:16, its top-right corner put.
  const cropBox = dialog.getByRole('button', { name: 'Crop box: drag it or move it with the arrow keys' });
  await drag(page, cropBox.locator('[data-handle="sw"]'), 40, 0);
  await expect.poll(async () => (await resultSize(dialog)).width).toBeLessThan(203);
  const cropped = await resultSize(dialog);
  expect(cropped.width / cropped.height).toBeCloseTo(9 / 16, 1);
  await expect(dialog.getByLabel('Left')).not.toHaveValue('218');
  await page.screenshot({ path: '/tmp/composer-edit-crop-handles.png' });

  // A text, dragged on the preview: its number fields follow.
  await dialog.getByRole('button', { name: 'Add text' }).click();
  const text = dialog.getByRole('listitem', { name: 'Text 1' });
  const left = Number(await text.getByLabel('Left').inputValue());
  const top = Number(await text.getByLabel('Top').inputValue());
  const preview = dialog.getByRole('img', { name: 'Preview of the edited image' });
  await expect.poll(() => preview.evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBe(cropped.width);
  const shown = await preview.boundingBox();
  if (!shown) throw new Error('no preview');
  const scale = shown.width / cropped.width;
  await page.mouse.move(shown.x + (left + 4) * scale, shown.y + (top + 4) * scale);
  await page.mouse.down();
  await page.mouse.move(shown.x + (left + 24) * scale, shown.y + (top + 34) * scale, { steps: 6 });
  await page.mouse.up();
  await expect(text.getByLabel('Left')).toHaveValue(String(left + 20));
  await expect(text.getByLabel('Top')).toHaveValue(String(top + 30));

  await page.screenshot({ path: '/tmp/composer-edit-layer-dragged.png' });
  await dialog.getByRole('button', { name: 'Save as a new file' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Saved as "harbour (edited).png" in your media library.')).toBeVisible();

  // The attachment is the edited copy, with the alt text; the post's text is still there, unsaved.
  const copy = attached.getByRole('img', { name: 'harbour (edited).png' });
  await expect(copy).toBeVisible();
  await expect(attached.getByRole('img', { name: 'harbour.png' })).toHaveCount(0);
  await expect(page.getByLabel('Post text')).toHaveValue('Evening at the harbour');
  await expect(page.getByLabel('Alt text for harbour (edited).png')).toHaveValue(
    'Boats in the harbour at dusk',
  );
  await page.screenshot({ path: '/tmp/composer-edit-composer-after.png', fullPage: true });

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await expect(page).toHaveURL(/\/post-composer\?post=[\w-]+$/);
  const postId = new URL(page.url()).searchParams.get('post');
  const post = await (await page.request.get(`/api/posts/${postId}`)).json();
  expect(post.media).toHaveLength(1);
  expect(post.media[0]).toMatchObject({
    name: 'harbour (edited).png',
    altText: 'Boats in the harbour at dusk',
  });
  expect(post.media[0].width / post.media[0].height).toBeCloseTo(9 / 16, 1);
  // The file itself is that shape, and the original is still in the library.
  const file = await page.request.get(post.media[0].url);
  const size = await page.evaluate(
    async (bytes) => {
      const image = await createImageBitmap(new Blob([new Uint8Array(bytes)]));
      return { width: image.width, height: image.height };
    },
    [...(await file.body())],
  );
  expect(size).toEqual({ width: cropped.width, height: cropped.height });
  const library = await (await page.request.get('/api/media')).json();
  expect(library.items.map((item: { name: string }) => item.name).sort()).toEqual([
    'harbour (edited).png',
    'harbour.png',
  ]);
});

test('an AI image made in the composer’s library dialog, cropped to TikTok’s 9:16, is attached as the cropped copy', async ({
  page,
}) => {
  await signInAsNewUser(page, 'Tilda Tall');
  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'TikTok', exact: true }).click();
  await page.getByRole('button', { name: 'Choose from library' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose from your media library' });
  await dialog.locator('summary', { hasText: 'Generate an image with AI' }).click();
  const panel = dialog.getByRole('region', { name: 'Generate an image with AI' });
  await expect(panel.getByText(/^Made by e2e-image-model/)).toBeVisible();
  await panel.getByLabel('Describe the image').fill('A lighthouse at sunset');
  await panel.getByRole('button', { name: 'Generate image' }).click();
  // The fake provider answers a 64×64 square: TikTok's shape is the one crop offered.
  const crops = panel.getByRole('group', { name: /to a platform’s shape$/ });
  await expect(crops.getByRole('button')).toHaveText(['Crop to 9:16']);
  await page.screenshot({ path: '/tmp/composer-edit-ai-crops.png' });
  await crops.getByRole('button', { name: 'Crop to 9:16' }).click();
  await expect(page.getByText(/^Cropped to 9:16: /)).toBeVisible();
  await expect(dialog.getByText('1 file selected')).toBeVisible();
  await dialog.getByRole('button', { name: 'Attach selected' }).click();

  const attached = page.getByRole('list', { name: 'Attached media' });
  await expect(
    attached.getByRole('img', { name: 'AI image – A lighthouse at sunset (9:16).png' }),
  ).toBeVisible();
  const library = await (await page.request.get('/api/media')).json();
  const cropped = library.items.find((item: { name: string }) => item.name.endsWith('(9:16).png'));
  expect(cropped).toMatchObject({ width: 36, height: 64 });
  expect(library.items).toHaveLength(2);
});
