import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

/**
 * The clip generator's "From your videos" (docs/decisions/0048-clip-highlights.md): a 40 s video with a cut at
 * 20 s and a loud span from 10 s to 16 s is uploaded, analysed, and its best clip exported to 9:16.
 */
test('finds the highlights of a library video, shows why, and exports the best clip vertical', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-highlights-'));
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
    await signInAsNewUser(page, 'Hana Highlights');
    const uploaded = await page.request.post('/api/media', {
      multipart: { file: { name: 'recording.mp4', mimeType: 'video/mp4', buffer: readFileSync(file) } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);

    await page.goto('/clip-generator');
    await expect(page.getByRole('heading', { level: 2, name: 'From your videos' })).toBeVisible();
    const find = page.getByRole('button', { name: 'Find highlights' });
    await expect(find).toBeDisabled();
    await page.getByLabel('Video', { exact: true }).selectOption({ label: 'recording.mp4 (0:40)' });
    await find.click();

    const clips = page.getByRole('list', { name: 'Suggested clips' }).getByRole('listitem');
    await expect(clips.first()).toBeVisible({ timeout: 30_000 });
    const best = clips.first();
    await expect(best.getByRole('heading')).toHaveText('Clip 1: 0:00 to 0:30');
    await expect(best.getByRole('meter', { name: 'Loudness' })).toHaveAttribute('value', '100');
    await expect(best.getByRole('meter', { name: 'Silence' })).toHaveAttribute('value', '0');
    expect(await seriousViolations(page)).toEqual([]);

    await best.getByRole('button', { name: 'Preview' }).click();
    await expect(best.locator('video')).toHaveAttribute('src', /#t=0,30$/);

    await best.getByRole('button', { name: 'Export 9:16' }).click();
    await expect(best.getByText('Exported to your media library:')).toBeVisible({ timeout: 60_000 });
    await expect(best.getByRole('link', { name: /recording \(.*\)\.mp4/ })).toBeVisible();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
