import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAsNewUser } from './session';

/** An Instagram Reel's cover (docs/reel-covers.md): a moment of the video, chosen in the composer, kept after a reload. */
let dir: string;
let video: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-reel-'));
  video = path.join(dir, 'harbour-reel.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=360x640:d=4:r=25'],
    ...[
      '-f',
      'lavfi',
      '-i',
      'sine=d=4',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      video,
    ],
  ]);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a Reel’s cover frame is chosen in the composer and kept with the draft', async ({ page }) => {
  await signInAsNewUser(page, 'Rhea Reels');
  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Instagram', exact: true }).click();
  await page.getByLabel('Post text').fill('The harbour at dawn');
  await expect(page.getByText('Instagram Reel cover')).toHaveCount(0);
  await page.getByLabel('Upload files').setInputFiles(video);
  const cover = page.getByRole('group', { name: 'Instagram Reel cover' });
  await expect(cover).toBeVisible({ timeout: 30_000 });
  await cover.getByLabel('A moment of the video').check();
  await cover.getByLabel('Seconds from the start').fill('2.5');
  await expect(cover.getByLabel('The cover frame')).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/post-composer\?post=[\w-]+$/);
  const postId = new URL(page.url()).searchParams.get('post');
  const saved = await page.request.get(`/api/reel-covers/posts/${postId}`);
  expect(await saved.json()).toEqual({ reelCover: { kind: 'frame', offsetMs: 2500 } });

  await page.reload();
  const reloaded = page.getByRole('group', { name: 'Instagram Reel cover' });
  await expect(reloaded.getByLabel('A moment of the video')).toBeChecked();
  await expect(reloaded.getByLabel('Seconds from the start')).toHaveValue('2.5');
});
