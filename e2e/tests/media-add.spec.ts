import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTestImage } from './fixtures';
import { closeToast, type LocalSite, seriousViolations, startLocalSite } from './helpers';
import { signInAsNewUser } from './session';

/**
 * Adding to the media library without a file on hand (docs/ai-images.md, docs/media-import.md): an image generated
 * by the AI provider (the local fake answers a small PNG) and a picture imported from a link the server downloads
 * from a site this spec starts (the e2e server allows private addresses).
 */
let dir: string;
let site: LocalSite;

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-media-add-'));
  const photo = readFileSync(makeTestImage(dir, 'harbour-at-dawn.png', '640x360'));
  site = await startLocalSite((request, response) => {
    if (request.url === '/photos/harbour-at-dawn.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(photo.length) });
      response.end(photo);
    } else if (request.url === '/expired.png') response.writeHead(410).end();
    else response.writeHead(404).end();
  });
});
test.afterAll(async () => {
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

test('generate an image with the AI provider and find it in the library, marked AI-generated', async ({
  page,
}) => {
  await signInAsNewUser(page, 'Iris Images');
  await page.goto('/media-library');
  const panel = page.getByRole('region', { name: 'Generate an image with AI' });
  await expect(
    panel.getByText('Made by e2e-image-model; it counts against your AI requests per hour.'),
  ).toBeVisible();
  await panel.getByLabel('Describe the image').fill('A lighthouse at sunset');
  await panel.getByLabel('Shape').selectOption({ label: 'Portrait (2:3)' });
  await panel.getByRole('button', { name: 'Generate image' }).click();
  await expect(page.getByText('Image added to the library')).toBeVisible();

  const details = page.getByRole('dialog', { name: 'AI image – A lighthouse at sunset.png' });
  await expect(details.getByText('AI-generated')).toBeVisible();
  await expect(details.getByRole('definition').filter({ hasText: 'A lighthouse at sunset' })).toBeVisible();
  await expect(details.getByText('e2e-image-model (openai-compatible)')).toBeVisible();
  await page.keyboard.press('Escape');
  const card = page
    .getByRole('list', { name: 'Media files' })
    .getByRole('listitem', { name: 'AI image – A lighthouse at sunset.png' });
  await expect(card).toContainText('64×64');
  await closeToast(page, 'Image added to the library');
  expect(await seriousViolations(page)).toEqual([]);
});

test('import a picture from a link in the background; a dead link says why', async ({ page }) => {
  await signInAsNewUser(page, 'Lars Links');
  await page.goto('/media-library');
  const panel = page.getByRole('region', { name: 'Import from a link' });
  const link = panel.getByLabel('Link to an image or a video');
  await link.fill(`${site.url}/photos/harbour-at-dawn.png`);
  await panel.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Import started')).toBeVisible();
  const row = panel.getByRole('listitem', { name: `${site.url}/photos/harbour-at-dawn.png` });
  await expect(row).toContainText('Imported');
  const card = page
    .getByRole('list', { name: 'Media files' })
    .getByRole('listitem', { name: 'harbour-at-dawn.png' });
  await expect(card).toContainText('640×360');

  await link.fill(`${site.url}/expired.png`);
  await panel.getByRole('button', { name: 'Import' }).click();
  const dead = panel.getByRole('listitem', { name: `${site.url}/expired.png` });
  await expect(dead).toContainText('Failed');
  await expect(dead).toContainText('This link no longer works');

  // The imports are the server's: a reload finds them as they were.
  await page.reload();
  await expect(panel.getByRole('listitem', { name: `${site.url}/photos/harbour-at-dawn.png` })).toContainText(
    'Imported',
  );
  await expect(panel.getByRole('listitem', { name: `${site.url}/expired.png` })).toContainText('Failed');
  expect(await seriousViolations(page)).toEqual([]);
});
