import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { makeTestImage } from './fixtures';
import { signInAsNewUser } from './session';

// Each network's preview draws the post as that network does (docs/post-previews.md): a square photo stays
// square in Instagram's, X's and LinkedIn's frames, Instagram folds the caption at 125 characters behind
// "more", LinkedIn at 210 behind "see more", X shows it whole; at a desktop and a phone width, no wider than
// the screen.

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const TAIL = 'Doors open at nine on Saturday.';
// 265 characters: over Instagram's fold (125) and LinkedIn's (210), within X's limit (280).
const TEXT = `${'Our spring collection is here, with linen shirts, light jackets and sandals. '.repeat(3)}${TAIL}`;

let dir: string;
let square: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-previews-'));
  square = makeTestImage(dir, 'square-photo.png', '600x600');
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Width over height of the media frame in the open preview, as drawn. */
async function frameRatio(panel: Locator): Promise<number> {
  const box = await panel.getByTestId('preview-frame').boundingBox();
  expect(box).not.toBeNull();
  return (box?.width ?? 0) / (box?.height ?? 1);
}

async function expectNoWiderThanScreen(page: Page, panel: Locator) {
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(width.scroll).toBeLessThanOrEqual(width.inner);
  const box = await panel.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(width.inner);
}

/** Opens a network's tab, checks its square frame and the page's width, and keeps a picture of the card. */
async function openTab(page: Page, name: string, file: string): Promise<Locator> {
  await page.getByRole('tab', { name }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('img', { name: 'square-photo.png' })).toBeVisible();
  expect(await frameRatio(panel)).toBeCloseTo(1, 1);
  await expectNoWiderThanScreen(page, panel);
  await panel.screenshot({ path: test.info().outputPath(file) });
  return panel;
}

for (const size of WIDTHS) {
  test(`Instagram, X and LinkedIn previews frame a square photo and fold the text as each network does (${size.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInAsNewUser(page, 'Grace Hopper');
    // An X account (the platform fake): its name and handle head X's preview.
    await page.goto('/connected-accounts');
    await page.getByRole('button', { name: 'Connect X (Twitter)' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'X (Twitter) account connected.' }),
    ).toBeVisible();

    await page.goto('/post-composer');
    for (const name of ['Instagram', 'X (Twitter)', 'LinkedIn']) {
      await page.getByRole('button', { name, exact: true }).click();
    }
    await page.getByLabel('Post text').fill(TEXT);
    await page.getByLabel('Upload files').setInputFiles(square);
    await expect(page.getByRole('list', { name: 'Attached media' }).getByRole('img')).toBeVisible();

    // Instagram: the author's own name (no Instagram account), the caption cut at "more" until it is opened.
    const instagram = await openTab(page, 'Instagram', `instagram-${size.name}.png`);
    await expect(instagram).toContainText('Grace Hopper');
    await expect(instagram).toContainText('Not connected');
    await expect(instagram).not.toContainText(TAIL);
    await instagram.getByRole('button', { name: 'more', exact: true }).click();
    await expect(instagram).toContainText(TAIL);

    // X: the connected account's name and @handle, the whole text, no fold.
    const x = await openTab(page, 'X (Twitter)', `x-${size.name}.png`);
    await expect(x).toContainText('X User');
    await expect(x).toContainText(/@xuser\d+/);
    await expect(x).toContainText(TAIL);
    await expect(x.getByRole('button', { name: /more/ })).toHaveCount(0);

    // LinkedIn: folded at 210 characters behind "see more".
    const linkedin = await openTab(page, 'LinkedIn', `linkedin-${size.name}.png`);
    await expect(linkedin).not.toContainText(TAIL);
    await linkedin.getByRole('button', { name: 'see more' }).click();
    await expect(linkedin).toContainText(TAIL);
  });
}
