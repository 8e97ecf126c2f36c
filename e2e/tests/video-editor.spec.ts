import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, test } from '@playwright/test';
import { layoutOverlayText } from '@relaycast/shared/video-editor-text-layout';
import { type LocalSite, seriousViolations, startLocalSite } from './helpers';
import { signInAsNewUser } from './session';

/**
 * The video editor end to end: a local site serves the video the server fetches (the e2e server allows private
 * addresses, docs/decisions/0014). The clip is 30 s of VP9 (so the export runs long enough to be cancelled).
 */
let dir: string;
let site: LocalSite;

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-video-editor-'));
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=duration=30:size=320x240:rate=25'],
    ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '150k', '-g', '50'],
    path.join(dir, 'clip.webm'),
  ]);
  const clip = readFileSync(path.join(dir, 'clip.webm'));
  site = await startLocalSite((request, response) => {
    if (request.url === '/clip.webm') response.writeHead(200, { 'content-type': 'video/webm' }).end(clip);
    else response.writeHead(404).end('not found');
  });
});

test.afterAll(async () => {
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

test('load a video from a link, preview the trim, cancel an export, then export a trimmed MP4', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page);
  await page.goto('/media-tools');
  await page.getByRole('main').getByRole('link', { name: 'Open Video Editor' }).click();
  await expect(page).toHaveURL(/\/video-editor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Video Editor' })).toBeVisible();

  const url = page.getByLabel('Video URL');
  const load = page.getByRole('button', { name: 'Load Video' });
  await load.click();
  await expect(page.getByText('Please enter a video URL')).toBeVisible();

  await url.fill(`${site.url}/missing.webm`);
  await load.click();
  await expect(page.getByText('Failed to load video. Please check the URL')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trim Video' })).toHaveCount(0);

  await url.fill(`${site.url}/clip.webm`);
  await load.click();
  await expect(page.getByRole('status').filter({ hasText: 'Processing...' })).toBeVisible();
  await expect(page.getByText('Video loaded successfully')).toBeVisible({ timeout: 20_000 });
  const video = page.locator('video');
  await expect(video).toContainText('Your browser does not support the video tag.');
  await expect(page.getByRole('heading', { name: 'Trim Video' })).toBeVisible();

  const start = page.getByLabel('Start (seconds)');
  const end = page.getByLabel('End (seconds)');
  await expect(start).toHaveValue('0');
  await expect(end).toHaveValue('30');
  await expect(start).toHaveAttribute('max', '30');
  // Out of range is brought back in: the end cannot pass the duration.
  await end.fill('45');
  await end.blur();
  await expect(end).toHaveValue('30');

  await start.fill('1');
  await end.fill('2');
  await end.blur();
  await expect(end).toHaveAttribute('min', '1');
  // Playback past the end pauses and jumps back to the start.
  await page.getByRole('button', { name: 'Preview trim' }).click();
  await page.waitForFunction(() => {
    const element = document.querySelector('video');
    return Boolean(element?.paused && element.played.length > 0 && element.played.end(0) >= 1.9);
  });
  expect(await video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeCloseTo(1, 1);

  // A long export, cancelled: nothing is kept.
  await start.fill('0');
  await end.fill('30');
  await end.blur();
  await page.getByLabel('Format').selectOption('webm');
  await page.getByRole('button', { name: 'Export Video' }).click();
  await expect(page.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Export cancelled')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Download / })).toHaveCount(0);
  const afterCancel = await page.request.get('/api/media?kind=video');
  expect((await afterCancel.json()).items).toHaveLength(1);

  // A short accurate MP4 export with its progress bar, then the download link.
  await start.fill('1');
  await end.fill('3');
  await end.blur();
  await page.getByLabel('Format').selectOption('mp4');
  await expect(page.getByLabel('Cut')).toHaveValue('accurate');
  await page.getByRole('button', { name: 'Export Video' }).click();
  await expect(page.getByText('Video trimmed successfully')).toBeVisible({ timeout: 60_000 });
  const download = page.getByRole('link', { name: 'Download clip (0:01–0:03).mp4' });
  await expect(download).toBeVisible();
  const file = await page.request.get((await download.getAttribute('href')) ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('video/mp4');
  // A toast under the pointer waits for it to leave (Sonner pauses on hover): move away, then it goes.
  await page.mouse.move(0, 0);
  await expect(page.getByText('Video trimmed successfully')).toBeHidden({ timeout: 10_000 });
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Back to Media Tools' }).click();
  await expect(page).toHaveURL(/\/media-tools$/);
});

test('open a video from the media library', async ({ page }) => {
  await signInAsNewUser(page);
  const imported = await page.request.post('/api/video-editor/imports', {
    data: { url: `${site.url}/clip.webm` },
  });
  expect(imported.status()).toBe(201);
  await page.goto('/video-editor');
  await expect(page.getByLabel('Or a video from your media library')).toHaveValue((await imported.json()).id);
  await page.getByRole('button', { name: 'Open from library' }).click();
  await expect(page.getByText('Video loaded successfully')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('End (seconds)')).toHaveValue('30');

  // The edit survives a reload: the address names the video and the browser keeps its edit list.
  await expect(page).toHaveURL(/\/video-editor\?media=/);
  await page.getByLabel('End (seconds)').fill('12');
  await page.getByLabel('End (seconds)').blur();
  await page.reload();
  await expect(page.getByText('Your last edit of this video was restored.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('End (seconds)')).toHaveValue('12');
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByLabel('End (seconds)')).toHaveValue('30');

  // The trim's end handle dragged to the middle of the timeline: the End field follows (30 s video).
  const bar = await page.getByRole('list', { name: 'Sections' }).boundingBox();
  const handle = await page.getByRole('slider', { name: 'Trim end' }).boundingBox();
  expect(bar && handle).toBeTruthy();
  await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
  await page.mouse.down();
  await page.mouse.move(bar!.x + bar!.width / 2, handle!.y + handle!.height / 2, { steps: 8 });
  await page.mouse.up();
  const end = Number(await page.getByLabel('End (seconds)').inputValue());
  expect(end).toBeGreaterThan(14);
  expect(end).toBeLessThan(16);
});

test('export a vertical 9:16 cut and send it to the composer as a draft', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAsNewUser(page);
  await page.goto('/video-editor');
  await page.getByLabel('Video URL').fill(`${site.url}/clip.webm`);
  await page.getByRole('button', { name: 'Load Video' }).click();
  await expect(page.getByText('Video loaded successfully')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('End (seconds)').fill('2');
  await page.getByLabel('End (seconds)').blur();
  // The chosen platforms' rules warn before the export runs.
  await page.getByRole('checkbox', { name: 'Instagram' }).check();
  await page.getByLabel('Format').selectOption('webm');
  const warnings = page.getByRole('list', { name: 'Platform warnings' }).getByRole('listitem');
  await expect(warnings).toHaveText([
    'Instagram takes videos as MP4, MOV; "clip.webm" is WebM.',
    'Instagram needs videos of at least 3 seconds; "clip.webm" lasts 2 seconds.',
    // The source is 320×240: Instagram shows Reels at 9:16.
    'Instagram shows videos at 9:16; this export is 4:3 and will show with bars. Crop it to 9:16.',
  ]);
  await page.getByLabel('Format').selectOption('mp4');
  await page.getByLabel('End (seconds)').fill('3');
  await page.getByLabel('End (seconds)').blur();
  await expect(warnings).toHaveText([
    'Instagram shows videos at 9:16; this export is 4:3 and will show with bars. Crop it to 9:16.',
  ]);
  await page.getByLabel('Crop').selectOption('9:16');
  await expect(page.getByRole('list', { name: 'Platform warnings' })).toHaveCount(0);
  // The frame shows on the preview; moved to the left edge, the export cuts there.
  const frame = page.getByRole('slider', { name: 'Crop frame position' });
  await expect(frame).toHaveAttribute('aria-valuenow', '50');
  await frame.focus();
  await page.keyboard.press('Home');
  await expect(frame).toHaveAttribute('aria-valuenow', '0');
  const exportRequest = page.waitForRequest(
    (request) => request.url().endsWith('/api/video-editor/exports') && request.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Export Video' }).click();
  expect((await exportRequest).postDataJSON()).toMatchObject({ crop: '9:16', cropPosition: 0 });
  await expect(page.getByText('Video trimmed successfully')).toBeVisible({ timeout: 60_000 });
  const download = page.getByRole('link', { name: 'Download clip (0:00–0:03 9:16).mp4' });
  await expect(download).toBeVisible();

  await page.getByRole('button', { name: 'Send to composer as a draft' }).click();
  await expect(page).toHaveURL(/\/post-composer\?post=/);
  await expect(page.getByText('Draft created with your video')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Attached media' }).getByRole('listitem')).toHaveCount(1);
  const postId = new URL(page.url()).searchParams.get('post');
  const post = await (await page.request.get(`/api/posts/${postId}`)).json();
  expect(post.status).toBe('draft');
  expect(post.platforms).toEqual(['tiktok', 'instagram', 'youtube']);
  const media = await (await page.request.get('/api/media?kind=video')).json();
  const vertical = media.items.find((item: { name: string }) => item.name.includes('9:16'));
  expect([vertical.width, vertical.height]).toEqual([134, 240]);
});

test('split, delete a section, undo, redo, then export only the kept sections', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAsNewUser(page);
  await page.goto('/video-editor');
  await page.getByLabel('Video URL').fill(`${site.url}/clip.webm`);
  await page.getByRole('button', { name: 'Load Video' }).click();
  await expect(page.getByText('Video loaded successfully')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('End (seconds)').fill('6');
  await page.getByLabel('End (seconds)').blur();

  const video = page.locator('video');
  const sections = page.getByRole('list', { name: 'Sections' }).getByRole('button');
  const split = page.getByRole('button', { name: 'Split' });
  for (const seconds of [2, 4]) {
    await video.evaluate((element: HTMLVideoElement, at) => {
      element.currentTime = at;
    }, seconds);
    await expect(page.getByText(`Playhead at 0:0${seconds}.`)).toBeVisible();
    await split.click();
  }
  await expect(sections).toHaveCount(3);
  await expect(page.getByText('Keeps 3 sections, 0:06 of 0:30.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Section 2: 0:02 to 0:04' }).click();
  await page.getByRole('button', { name: 'Delete section' }).click();
  await expect(sections).toHaveCount(2);
  await expect(page.getByText('Keeps 2 sections, 0:04 of 0:30.', { exact: false })).toBeVisible();

  // Undo from the keyboard, Redo with its button.
  await page.keyboard.press('Control+z');
  await expect(sections).toHaveCount(3);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(sections).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Redo' })).toBeDisabled();

  // Playback jumps over the deleted part (2 s to 4 s).
  await video.evaluate((element: HTMLVideoElement) => {
    element.currentTime = 1.5;
    void element.play();
  });
  await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 4.2);
  const played = await video.evaluate((element: HTMLVideoElement) =>
    Array.from({ length: element.played.length }, (_, i) => [element.played.start(i), element.played.end(i)]),
  );
  // The middle of the deleted part was never played.
  expect(played.some(([start, end]) => (start ?? 0) < 3 && (end ?? 0) > 3)).toBe(false);
  await video.evaluate((element: HTMLVideoElement) => element.pause());

  // The last section dragged onto the first plays first; the export joins them in that order.
  await page
    .getByRole('button', { name: 'Section 2: 0:04 to 0:30' })
    .dragTo(page.getByRole('button', { name: 'Section 1: 0:00 to 0:02' }));
  await expect(page.getByRole('button', { name: 'Section 1: 0:04 to 0:30' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Section 2: 0:00 to 0:02' })).toBeVisible();
  const exportRequest = page.waitForRequest(
    (request) => request.url().endsWith('/api/video-editor/exports') && request.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Export Video' }).click();
  expect((await exportRequest).postDataJSON().segments).toEqual([
    { start: 4, end: 6 },
    { start: 0, end: 2 },
  ]);
  await expect(page.getByText('Video trimmed successfully')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'Download clip (0:00–0:06, 2 sections).mp4' })).toBeVisible();
  const media = await (await page.request.get('/api/media?kind=video')).json();
  const exported = media.items.find((item: { name: string }) => item.name.includes('2 sections'));
  expect(Math.abs(exported.durationSeconds - 4)).toBeLessThanOrEqual(0.05);
  // Checked once the toast has gone (it fades through low contrast; Sonner keeps it while hovered).
  await page.mouse.move(0, 0);
  await expect(page.getByText('Video trimmed successfully')).toBeHidden({ timeout: 10_000 });
  expect(await seriousViolations(page)).toEqual([]);
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`toasts cover neither the overlay fields nor Export (${size.width} px)`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInAsNewUser(page);
    const imported = await page.request.post('/api/video-editor/imports', {
      data: { url: `${site.url}/clip.webm` },
    });
    expect(imported.status()).toBe(201);
    await page.goto('/video-editor');
    await expect(page.getByLabel('Or a video from your media library')).toHaveValue(
      (await imported.json()).id,
    );
    await page.getByRole('button', { name: 'Open from library' }).click();
    const loaded = page.getByRole('listitem').filter({ hasText: 'Video loaded successfully' });
    await expect(loaded).toBeVisible({ timeout: 20_000 });
    await page.getByLabel('Overlay text').fill('Spring sale! 20% off');
    await expectClearOf(loaded, page.getByRole('banner'));

    // A refused export, with the Export button and the overlay fields on screen.
    await page.route('**/api/video-editor/exports', (route) =>
      route.fulfill({
        status: 503,
        json: { code: 'SERVICE_UNAVAILABLE', message: 'The export queue is full.' },
      }),
    );
    const exportButton = page.getByRole('button', { name: 'Export Video' });
    await exportButton.scrollIntoViewIfNeeded();
    await exportButton.click();
    const refused = page.getByRole('listitem').filter({ hasText: 'The export queue is full.' });
    await expect(refused).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`video-editor-toast-${size.width}.png`) });
    for (const control of [
      exportButton,
      page.getByLabel('Format'),
      page.getByRole('banner'),
      ...(size.width >= 1024
        ? [
            page.getByLabel('Overlay text'),
            page.getByLabel('Until (s)'),
            page.getByRole('button', { name: 'Add text' }),
          ]
        : []),
    ]) {
      if (await control.isVisible()) await expectClearOf(refused, control);
    }
    // On a phone the fields are above Export: scrolled to while the toast shows, they are clear too.
    if (size.width < 1024) {
      await page.getByLabel('Overlay text').evaluate((field) => field.scrollIntoView({ block: 'center' }));
      for (const control of [
        page.getByLabel('Overlay text'),
        page.getByRole('button', { name: 'Add text' }),
      ]) {
        await expectClearOf(refused, control);
      }
    }
  });
}

/**
 * A box once it stops moving: a toast slides in from above the header before it rests under it. A toast that
 * times out while it is watched (a slow host) is judged where it last was.
 */
async function settledBox(locator: Locator) {
  let previous = await locator.boundingBox();
  for (let tries = 0; tries < 30; tries += 1) {
    await locator.page().waitForTimeout(100);
    const next = await locator.boundingBox({ timeout: 1_000 }).catch(() => null);
    if (!next) return previous;
    if (previous && previous.x === next.x && previous.y === next.y) return next;
    previous = next;
  }
  return previous;
}

/** The toast's box, once it rests, and the other element's box do not overlap. */
async function expectClearOf(toast: Locator, other: Locator) {
  const [a, b] = [await settledBox(toast), await other.boundingBox()];
  expect(a && b, 'both on screen').toBeTruthy();
  if (!a || !b) return;
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps, `toast at ${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(false);
}

for (const size of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  test(`the timeline shows the frame strip and waveform, and the player draws text as the export will (${size.name})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    await signInAsNewUser(page);
    // A 16:9 picture with a tone (so that the waveform has sound to draw), small enough for the plan.
    const file = path.join(dir, `tone-${size.name}.mp4`);
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=10:d=6'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6'],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '32',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        file,
      ],
    ]);
    const uploaded = await page.request.post('/api/media', {
      multipart: { file: { name: 'tone.mp4', mimeType: 'video/mp4', buffer: readFileSync(file) } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    await page.goto(`/video-editor?media=${(await uploaded.json()).id}`);
    await expect(page.getByText('Video loaded successfully')).toBeVisible({ timeout: 20_000 });

    // The frame strip and the waveform, made by ffmpeg on the server, are loaded under the timeline.
    for (const name of ['Frames across the video', 'Waveform of the sound']) {
      const picture = page.getByRole('img', { name });
      await expect(picture).toBeVisible({ timeout: 30_000 });
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
    }

    // A bottom text in a 9:16 crop: drawn over the crop's frame, wrapped inside it, in the export's font.
    await page.getByLabel('Overlay text').fill('Spring sale! 20% off everything');
    await page.getByLabel('Position').selectOption('bottom');
    await page.getByRole('button', { name: 'Add text' }).click();
    await page.getByLabel('Crop').selectOption('9:16');
    const overlay = page.getByTestId('overlay-preview');
    await expect(overlay.locator('text')).toHaveText(['Spring sale!', '20% off', 'everything']);
    // Both boxes read in one go: two reads apart may straddle a scroll of the phone's page, which moves both.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const a = document.querySelector('[data-testid="overlay-preview"]')?.getBoundingClientRect();
          const b = document.querySelector('[data-testid="crop-frame"]')?.getBoundingClientRect();
          if (!a || !b) return Number.POSITIVE_INFINITY;
          return Math.max(
            ...(['x', 'y', 'width', 'height'] as const).map((key) => Math.abs(a[key] - b[key])),
          );
        }),
      )
      .toBeLessThan(2);
    // The font ffmpeg draws with, fetched from the server when the first overlay shows.
    await expect
      .poll(() => page.evaluate(() => document.fonts.check('12px "Relaycast Overlay"')), { timeout: 15_000 })
      .toBe(true);
    // Each line as wide on the screen as the shared layout measured it in the export's pixels (same glyphs), and
    // inside the frame: the frame and its lines read in one go, as above.
    const [, , frameWidth, frameHeight] = ((await overlay.getAttribute('viewBox')) ?? '')
      .split(' ')
      .map(Number);
    const layout = layoutOverlayText('Spring sale! 20% off everything', 'bottom', {
      width: frameWidth!,
      height: frameHeight!,
    });
    const { drawn, lines } = await overlay.evaluate((svg) => {
      const box = ({ x, y, width, height }: DOMRect) => ({ x, y, width, height });
      return {
        drawn: box(svg.getBoundingClientRect()),
        lines: [...svg.querySelectorAll('text')].map((text) => box(text.getBoundingClientRect())),
      };
    });
    expect(lines).toHaveLength(layout.lines.length);
    const scale = drawn.width / frameWidth!;
    for (const [index, box] of lines.entries()) {
      expect(Math.abs(box.width - layout.lines[index]!.width * scale)).toBeLessThan(
        layout.lines[index]!.width * scale * 0.06,
      );
      expect(box.x).toBeGreaterThanOrEqual(drawn.x);
      expect(box.x + box.width).toBeLessThanOrEqual(drawn.x + drawn.width);
      expect(box.y + box.height).toBeLessThanOrEqual(drawn.y + drawn.height);
    }
    await page.screenshot({
      path: test.info().outputPath(`video-editor-overlay-${size.name}.png`),
      fullPage: true,
    });
  });
}
