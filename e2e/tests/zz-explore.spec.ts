import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAsNewUser } from './session';

let siteUrl: string;
test.beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'explore-'));
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=5:size=320x240:rate=25', '-c:v', 'libvpx-vp9', '-deadline', 'realtime', path.join(dir, 'clip.webm')]);
  const clip = readFileSync(path.join(dir, 'clip.webm'));
  const site = http.createServer((_q, r) => r.writeHead(200, { 'content-type': 'video/webm' }).end(clip));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

for (const width of [1440, 390]) {
  test(`video editor toast ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await signInAsNewUser(page);
    const imported = await page.request.post('/api/video-editor/imports', { data: { url: `${siteUrl}/clip.webm` } });
    await page.goto('/video-editor');
    await expect(page.getByLabel('Or a video from your media library')).toHaveValue((await imported.json()).id);
    await page.getByRole('button', { name: 'Open from library' }).click();
    await expect(page.getByText('Video loaded successfully')).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `/tmp/cal-shots/ve-${width}-top.png` });
    await page.getByRole('button', { name: 'Export Video' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/cal-shots/ve-${width}-export.png` });
  });
}
