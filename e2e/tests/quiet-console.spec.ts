import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signInAsNewUser } from './session';

/**
 * Pages that used to log what they never explained (docs/decisions/0077-overlay-text-layout.md): "Find highlights"
 * asked for an analysis before there was one (a 404), and the stream analytics chart was drawn at 0×0 (a Recharts
 * warning). Each page is loaded and used, and the console must stay empty of warnings and errors.
 */

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Every warning and error the page logs, and every uncaught error. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Uploads a 12 s video with sound to the signed-in user's library and answers its media id. */
async function uploadVideo(page: Page): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-quiet-'));
  try {
    const file = path.join(dir, 'talk.mp4');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=10:d=12'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=12'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
    ]);
    const uploaded = await page.request.post('/api/media', {
      multipart: { file: { name: 'talk.mp4', mimeType: 'video/mp4', buffer: readFileSync(file) } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    return (await uploaded.json()).id as string;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('choosing a video for "Find highlights" and analysing it logs nothing', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = consoleProblems(page);
  await signInAsNewUser(page, 'Quinn Quiet');
  await uploadVideo(page);

  await page.goto('/clip-generator');
  await expect(page.getByRole('heading', { level: 2, name: 'From your videos' })).toBeVisible();
  // Choosing a video that was never analysed asks whether there is an analysis: "none yet" is not an error.
  const asked = page.waitForResponse((response) => /\/api\/clips\/analyses\/[^/]+$/.test(response.url()));
  await page.getByLabel('Video', { exact: true }).selectOption({ label: 'talk.mp4 (0:12)' });
  const answer = await asked;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toBeNull();
  const analysed = page.waitForResponse(
    (response) => response.url().endsWith('/api/clips/analyses') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Find highlights' }).click();
  expect((await analysed).status()).toBe(200);
  // A test picture with a steady tone: analysed, and nothing stands out.
  await expect(page.getByText('Nothing stands out in this video')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

/**
 * A past stream with a minute of bitrate figures to two destinations and a suggested clip of its recording (the
 * API's answers, in the browser only; the recording is a real library video).
 */
function pastStream(recordingMediaId: string) {
  const destination = (destinationId: string, name: string) => ({
    destinationId,
    platform: 'youtube' as const,
    name,
    finalState: 'stopped',
    avgBitrateKbps: 4400,
    peakBitrateKbps: 4600,
    droppedFrames: 0,
    reconnects: 0,
    viewers: null,
  });
  const summary = {
    id: 'quiet-stream',
    title: 'Friday launch',
    source: 'obs',
    status: 'ended',
    startedAt: new Date(Date.now() - 120_000).toISOString(),
    endedAt: new Date(Date.now() - 60_000).toISOString(),
    durationSeconds: 60,
    destinations: [destination('d1', 'YouTube'), destination('d2', 'Backup')],
    avgBitrateKbps: 4400,
    peakBitrateKbps: 4600,
    droppedFrames: 0,
    reconnects: 0,
    recordingMediaId,
  };
  const points = Array.from({ length: 12 }, (_, index) => ({
    t: index * 5,
    bitrateKbps: 4300 + (index % 3) * 100,
    fps: 30,
    droppedFrames: 0,
  }));
  const series = summary.destinations.map(({ destinationId, platform, name }) => ({
    destinationId,
    platform,
    name,
    points,
  }));
  const analysis = {
    mediaId: recordingMediaId,
    durationSeconds: 12,
    clipSeconds: 10,
    sceneChanges: [],
    clips: [
      {
        start: 0,
        end: 10,
        score: 0.8,
        signals: { loudness: 1, scenes: 0, silence: 0 },
        activityCentre: 0.5,
        reason: 'Loud',
      },
    ],
    createdAt: new Date().toISOString(),
  };
  const highlights = { status: 'done', recordingMediaId, recordingSeconds: 12, analysis };
  return { list: { sessions: [summary] }, detail: { summary, sourceDrops: [], series }, highlights };
}

for (const size of WIDTHS) {
  test(`the stream analytics chart and clips are drawn at their size, with no warning (${size.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const problems = consoleProblems(page);
    await signInAsNewUser(page, 'Quinn Quiet');
    const stream = pastStream(await uploadVideo(page));
    await page.route('**/api/streaming/sessions', (route) => route.fulfill({ json: stream.list }));
    await page.route('**/api/streaming/sessions/quiet-stream', (route) =>
      route.fulfill({ json: stream.detail }),
    );
    await page.route('**/api/streaming/sessions/quiet-stream/highlights', (route) =>
      route.fulfill({ json: stream.highlights }),
    );
    await page.goto('/stream-analytics');
    const chart = page.getByRole('img', { name: 'Bitrate over time for YouTube, Backup' });
    await expect(chart).toBeVisible();
    await expect(chart.locator('.recharts-line')).toHaveCount(2);
    const box = await chart.locator('.recharts-wrapper').boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    expect(box?.height).toBeGreaterThan(200);
    // The suggested clips are the clip generator's cards: their words come with the page, not after it.
    const clips = page.getByRole('region', { name: 'Suggested clips' });
    await expect(clips.getByRole('listitem').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: innerWidth,
    }));
    expect(width.scroll).toBeLessThanOrEqual(width.inner);
    await page.screenshot({
      path: test.info().outputPath(`stream-analytics-${size.name}.png`),
      fullPage: true,
    });
  });
}
