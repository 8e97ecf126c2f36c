import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

/**
 * The clip highlights' transcript (docs/decisions/0050-clip-transcript.md): a 30 s video, silent but for
 * espeak-ng speaking from 10 s, is analysed, transcribed (PocketSphinx), and its best clip exported with the
 * words burned in as captions.
 */
test('transcribes a video, scores its speech and exports a clip with captions', async ({ page }) => {
  test.setTimeout(150_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-transcript-'));
  try {
    const speech = path.join(dir, 'speech.wav');
    const file = path.join(dir, 'talk.mp4');
    execFileSync('espeak-ng', ['-w', speech, 'Hello world. This is a test of the speech recognition.']);
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=10:d=30', '-i', speech],
      ...['-af', 'adelay=10000:all=1,apad', '-t', '30'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-ar', '22050', file],
    ]);
    await signInAsNewUser(page, 'Tess Transcript');
    const uploaded = await page.request.post('/api/media', {
      multipart: { file: { name: 'talk.mp4', mimeType: 'video/mp4', buffer: readFileSync(file) } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);

    await page.goto('/clip-generator');
    await page.getByLabel('Video', { exact: true }).selectOption({ label: 'talk.mp4 (0:30)' });
    await page.getByRole('button', { name: 'Find highlights' }).click();
    const clips = page.getByRole('list', { name: 'Suggested clips' }).getByRole('listitem');
    await expect(clips.first()).toBeVisible({ timeout: 30_000 });
    await expect(clips.first().getByRole('checkbox', { name: 'Captions' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Transcribe speech' }).click();
    await expect(page.getByRole('button', { name: 'Transcribe again' })).toBeVisible({ timeout: 60_000 });
    const best = clips.first();
    await expect(best.getByRole('meter', { name: 'Speech' })).toHaveAttribute('value', '100');
    expect(await seriousViolations(page)).toEqual([]);

    await best.getByRole('checkbox', { name: 'Captions' }).check();
    const exportRequest = page.waitForRequest('**/api/video-editor/exports');
    await best.getByRole('button', { name: 'Export 9:16' }).click();
    const body = (await exportRequest).postDataJSON() as { captions?: { name: string; text: string } };
    expect(body.captions?.name).toBe('clip-1.srt');
    expect(body.captions?.text).toMatch(/^1\n00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}\n\S/);
    await expect(best.getByText('Exported to your media library:')).toBeVisible({ timeout: 60_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
