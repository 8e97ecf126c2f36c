import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

/**
 * Cover images from scene changes (docs/decisions/0051-video-bench-and-scene-covers.md): a 40 s video with a cut
 * at 20 s is analysed; the frame after the cut is saved to the media library as a JPEG at the video's size.
 */
test('saves the frame after a scene change as a cover image in the media library', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-covers-'));
  try {
    const file = path.join(dir, 'recording.mp4');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=10:d=20'],
      ...['-f', 'lavfi', '-i', 'color=c=red:s=320x180:r=10:d=20'],
      ...['-f', 'lavfi', '-i', "aevalsrc='if(between(t,10,16),0.8,0.02)*sin(2*PI*440*t)':s=22050:d=40"],
      ...['-filter_complex', '[0:v][1:v]concat=n=2:v=1:a=0[v]', '-map', '[v]', '-map', '2:a'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
    ]);
    await signInAsNewUser(page, 'Cora Covers');
    const uploaded = await page.request.post('/api/media', {
      multipart: { file: { name: 'recording.mp4', mimeType: 'video/mp4', buffer: readFileSync(file) } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);

    await page.goto('/clip-generator');
    await page.getByLabel('Video', { exact: true }).selectOption({ label: 'recording.mp4 (0:40)' });
    await page.getByRole('button', { name: 'Find highlights' }).click();

    const covers = page.getByRole('list', { name: 'Cover images' }).getByRole('listitem');
    await expect(covers.first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Frame at 0:20', { exact: true })).toHaveAttribute('src', /#t=20\.9$/);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save the frame at 0:20 to the library' }).click();
    await expect(page.getByText('Cover image saved to your media library.')).toBeVisible({ timeout: 30_000 });

    const images = await page.request.get('/api/media?kind=image');
    const [cover] = (await images.json()).items;
    expect(cover).toMatchObject({ name: 'recording (cover 0:20).jpg', width: 320, height: 180 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
