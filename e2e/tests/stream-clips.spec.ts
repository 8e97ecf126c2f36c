import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

/**
 * The flow end to end (docs/decisions/0049-stream-clips.md): a stream ends → its recording is analysed in
 * the background → the stream's page suggests clips → one is exported vertical → sent to the composer as a draft
 * for TikTok, Reels and Shorts. The stream is real: 36 s of a test pattern (a cut at 18 s, loud from 6 s to
 * 12 s) published to the personal ingest the way OBS does.
 */
async function streamLikeObs(page: Page, dir: string) {
  const file = path.join(dir, 'show.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=15:d=18'],
    ...['-f', 'lavfi', '-i', 'color=c=red:s=320x180:r=15:d=18'],
    ...['-f', 'lavfi', '-i', "aevalsrc='if(between(t,6,12),0.8,0.02)*sin(2*PI*440*t)':s=44100:d=36"],
    ...['-filter_complex', '[0:v][1:v]concat=n=2:v=1:a=0[v]', '-map', '[v]', '-map', '2:a'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
  ]);
  const ingest = await (await page.request.get('/api/streaming/ingest')).json();
  expect(ingest.relayRunning).toBe(true);
  const url = `rtmp://127.0.0.1:${process.env.E2E_RTMP_PORT}/live/${ingest.streamKey}`;
  const ffmpeg = spawn(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-re', '-i', file, '-c', 'copy', '-f', 'flv', url],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  ffmpeg.stderr.on('data', (chunk) => {
    errors += String(chunk);
  });
  const code = await new Promise<number | null>((resolve) => ffmpeg.on('close', resolve));
  expect(code, errors).toBe(0);
}

test("an ended stream's recording is analysed by itself; its best clip goes vertical to the composer", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-stream-clips-'));
  try {
    await signInAsNewUser(page, 'Stella Stream');
    await streamLikeObs(page, dir);

    await page.goto('/stream-analytics');
    const section = page.getByRole('region', { name: 'Suggested clips' });
    await expect(section).toBeVisible({ timeout: 30_000 });
    // Nobody clicks anything: the recording is kept, queued and analysed in the background, the page polls.
    const clips = section.getByRole('list', { name: 'Suggested clips' }).getByRole('listitem');
    await expect(clips.first()).toBeVisible({ timeout: 90_000 });
    const best = clips.first();
    await expect(best.getByRole('meter', { name: 'Loudness' })).toHaveAttribute('value', '100');
    expect(await seriousViolations(page)).toEqual([]);

    await best.getByRole('button', { name: 'Export 9:16' }).click();
    await expect(best.getByText('Exported to your media library:')).toBeVisible({ timeout: 60_000 });
    await best.getByRole('button', { name: 'Send to composer as a draft' }).click();
    await expect(page).toHaveURL(/\/post-composer\?post=/);
    await expect(page.getByRole('list', { name: 'Attached media' }).getByRole('listitem')).toHaveCount(1);
    const postId = new URL(page.url()).searchParams.get('post');
    const post = await (await page.request.get(`/api/posts/${postId}`)).json();
    expect(post.status).toBe('draft');
    expect(post.platforms).toEqual(['tiktok', 'instagram', 'youtube']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
