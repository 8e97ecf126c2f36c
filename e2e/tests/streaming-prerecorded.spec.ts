import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, probeStreams, RtmpSink } from './rtmp-sink';
import { addDestination, expect, openStudio, test } from './studio';

/*
 * Going live with a library video instead of the camera (docs/prerecorded-streams.md): the server plays the
 * file into the relay at real time; the stream ends by itself at the video's end.
 */
test('streams a library video from the studio: progress shown, ends by itself, the sink got it all', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-prerecorded-'));
  const sink = new RtmpSink(dir, 'sink', await freePort(), 'prerecKey0001');
  try {
    const file = path.join(dir, 'intro.mp4');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=25:d=6'],
      ...['-f', 'lavfi', '-i', 'sine=sample_rate=48000:d=6'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ]);
    await openStudio(page);
    const uploaded = await page.request.post('/api/media', {
      multipart: { file: { name: 'intro.mp4', mimeType: 'video/mp4', buffer: readFileSync(file) } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    await addDestination(page, 'Custom RTMP', {
      rtmpUrl: sink.rtmpUrl,
      streamKey: 'prerecKey0001',
      name: 'Sink',
    });
    await sink.start();

    await page.getByRole('checkbox', { name: 'Stream a video from the library' }).check();
    await expect(page.getByLabel('Video', { exact: true })).toHaveValue(/.+/);
    await expect(page.getByRole('option', { name: 'intro.mp4 (0:06)' })).toBeAttached();
    await page.getByRole('button', { name: 'Go Live with the video' }).click();

    const progress = page.getByRole('region', { name: 'Streaming a video' });
    await expect(progress).toContainText('Streaming “intro.mp4”', { timeout: 20_000 });
    await expect(progress).toContainText('/ 0:06');
    const row = page
      .getByRole('list', { name: 'Destinations' })
      .getByRole('listitem')
      .filter({ hasText: 'Sink' });
    await expect(row.getByText('Live', { exact: true })).toBeVisible({ timeout: 20_000 });
    // No End Stream: the stream ends with the video.
    await expect(page.getByRole('button', { name: 'Go Live with the video' })).toBeVisible({
      timeout: 30_000,
    });
    await sink.finish();
    const { video, audio } = probeStreams(sink.file);
    expect(video?.codec).toBe('h264');
    expect(audio?.codec).toBe('aac');
    expect(Math.abs((video?.span ?? 0) - 6)).toBeLessThanOrEqual(1);
  } finally {
    await sink.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
