/**
 * What the studio's browser tests share: Chromium itself (not its headless shell) with a fake camera and
 * microphone, signing in to the studio, and adding a destination through its setup modal.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_MEDIA_BROWSER } from '../browser';
import { signInAsNewUser } from './session';

export { expect };

/**
 * Chromium with a fake camera (a y4m file, for a steady 30 fps) and a fake microphone (a stereo 440 Hz tone),
 * generated with ffmpeg for this worker and removed after it.
 */
export const test = base.extend<object, { fakeMedia: { dir: string; video: string; audio: string } }>({
  fakeMedia: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as an object
    async ({}, use) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-stream-'));
      const video = path.join(dir, 'camera.y4m');
      const audio = path.join(dir, 'microphone.wav');
      const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
      execFileSync('ffmpeg', [
        ...quiet,
        '-f',
        'lavfi',
        '-i',
        'testsrc2=s=320x180:r=30',
        '-t',
        '4',
        '-pix_fmt',
        'yuv420p',
        video,
      ]);
      execFileSync('ffmpeg', [
        ...quiet,
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:sample_rate=48000:duration=4',
        '-ac',
        '2',
        '-af',
        'volume=0.5',
        audio,
      ]);
      await use({ dir, video, audio });
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, fakeMedia }, use) => {
      await use({
        ...launchOptions,
        executablePath: E2E_MEDIA_BROWSER,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          '--use-fake-ui-for-media-stream',
          `--use-file-for-fake-video-capture=${fakeMedia.video}`,
          `--use-file-for-fake-audio-capture=${fakeMedia.audio}`,
          '--autoplay-policy=no-user-gesture-required',
        ],
      });
    },
    { scope: 'worker' },
  ],
});

export async function openStudio(page: Page) {
  await signInAsNewUser(page, 'Stella Streamer');
  await page.goto('/streaming');
  // The studio's first load (its chunk, camera and microphone) took over 7 s on the 2-core CI machine while
  // another worker's Chromium was encoding.
  await expect(page.getByRole('heading', { name: 'Streaming Studio', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
}

export function platformButton(page: Page, name: string) {
  return page.getByRole('list', { name: 'Platforms' }).getByRole('button', { name, exact: true });
}

export async function addDestination(
  page: Page,
  platform: string,
  values: { rtmpUrl: string; streamKey: string; name: string },
) {
  await platformButton(page, platform).click();
  const dialog = page.getByRole('dialog', { name: `Set up ${platform}` });
  await dialog.getByRole('textbox', { name: 'RTMP URL' }).fill(values.rtmpUrl);
  await dialog.getByLabel('Stream key', { exact: true }).fill(values.streamKey);
  await dialog.getByLabel('Name (optional)').fill(values.name);
  await dialog.getByRole('button', { name: 'Save destination' }).click();
  await expect(dialog).toBeHidden();
}
