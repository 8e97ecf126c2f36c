import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { seriousViolations } from './helpers';
import { freePort, lastSilence, maxVolume, probeStreams, RtmpSink } from './rtmp-sink';
import { signInAsNewUser } from './session';

/**
 * Chromium with a fake camera (a y4m file, for a steady 30 fps) and a fake microphone (a stereo 440 Hz tone),
 * generated with ffmpeg for this worker and removed after it.
 */
const test = base.extend<object, { fakeMedia: { dir: string; video: string; audio: string } }>({
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

async function openStudio(page: Page) {
  await signInAsNewUser(page, 'Stella Streamer');
  await page.goto('/streaming');
  await expect(page.getByRole('heading', { name: 'Streaming Studio', level: 1 })).toBeVisible();
}

function platformButton(page: Page, name: string) {
  return page.getByRole('list', { name: 'Platforms' }).getByRole('button', { name, exact: true });
}

async function addDestination(
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

test('setup modal: defaults, masked key with show/hide, copy buttons and the validation messages', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openStudio(page);

  await platformButton(page, 'Twitch').click();
  const dialog = page.getByRole('dialog', { name: 'Set up Twitch' });
  await expect(dialog.getByRole('textbox', { name: 'RTMP URL' })).toHaveValue('rtmp://live.twitch.tv/app');
  const key = dialog.getByLabel('Stream key', { exact: true });
  await expect(key).toHaveAttribute('type', 'password');

  // Blank after trimming, in either field: the spec's message, and nothing is saved.
  await key.fill('   ');
  await dialog.getByRole('button', { name: 'Save destination' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter both stream key and RTMP URL');
  await dialog.getByRole('textbox', { name: 'RTMP URL' }).fill('');
  await key.fill('live_123456_abcdWXYZ');
  await dialog.getByRole('button', { name: 'Save destination' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter both stream key and RTMP URL');
  await dialog.getByRole('textbox', { name: 'RTMP URL' }).fill('https://live.twitch.tv/app');
  await dialog.getByRole('button', { name: 'Save destination' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The RTMP URL must start with rtmp:// or rtmps://');

  await dialog.getByRole('textbox', { name: 'RTMP URL' }).fill('rtmp://live.twitch.tv/app');
  await dialog.getByRole('button', { name: 'Show stream key' }).click();
  await expect(key).toHaveAttribute('type', 'text');
  await dialog.getByRole('button', { name: 'Hide stream key' }).click();
  await expect(key).toHaveAttribute('type', 'password');

  await dialog.getByRole('button', { name: 'Copy stream key' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('live_123456_abcdWXYZ');
  await dialog.getByRole('button', { name: 'Copy RTMP URL' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe('rtmp://live.twitch.tv/app');

  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save destination' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Destination saved')).toBeVisible();

  // Saved: only the last four characters of the key ever come back.
  const row = page.getByRole('list', { name: 'Destinations' }).getByRole('listitem');
  await expect(row).toContainText('Twitch');
  await expect(row).toContainText('••••••••WXYZ');
  await expect(page.locator('body')).not.toContainText('live_123456');
  await expect(page.getByRole('checkbox', { name: 'Stream to Twitch' })).toBeChecked();

  // Stored on the server: still there after a reload.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Stream to Twitch' })).toBeChecked();

  // Twitter has no published ingest: the URL starts empty.
  await platformButton(page, 'Twitter Live').click();
  await expect(
    page.getByRole('dialog', { name: 'Set up Twitter Live' }).getByRole('textbox', { name: 'RTMP URL' }),
  ).toHaveValue('');
});

test('custom scene: name, sources and corner are saved for the user', async ({ page }) => {
  await openStudio(page);
  const scenes = page.getByRole('region', { name: 'Scenes' });
  await expect(scenes.getByRole('button', { name: /Main Scene/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(scenes.getByRole('button', { name: /Screen Share/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(scenes.getByRole('button', { name: /Picture in Picture/ })).toBeVisible();

  await scenes.getByRole('button', { name: 'Add scene' }).click();
  const dialog = page.getByRole('dialog', { name: 'New scene' });
  await dialog.getByRole('button', { name: 'Add scene' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give the scene a name.');
  await dialog.getByLabel('Scene name').fill('Interview');
  await dialog.getByLabel('Screen', { exact: true }).check();
  await dialog.getByLabel('Camera corner').selectOption('top-left');
  await dialog.getByRole('button', { name: 'Add scene' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Scene added')).toBeVisible();
  await expect(scenes.getByRole('button', { name: /Interview/ })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(scenes.getByRole('button', { name: /Interview.*Camera, Screen, Microphone/ })).toBeVisible();

  // The panel toggles.
  await page.getByRole('button', { name: 'Scenes', exact: true }).click();
  await expect(scenes).toBeHidden();
  await page.getByRole('button', { name: 'Scenes', exact: true }).click();
  await expect(scenes).toBeVisible();
});

/** The preview's colour at a point (fractions of its width and height), read from the composed video. */
function previewColor(page: Page, x: number, y: number) {
  return page.getByLabel(/^Preview of /).evaluate(
    (video: HTMLVideoElement, [fx, fy]) => {
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0) return null;
      context.drawImage(video, 0, 0);
      const [r, g, b] = context.getImageData(
        Math.floor(canvas.width * fx),
        Math.floor(canvas.height * fy),
        1,
        1,
      ).data;
      return `${r},${g},${b}`;
    },
    [x, y] as const,
  );
}

test('camera off shows the placeholder in the preview; the OBS key is masked, copied and rotated', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openStudio(page);
  // The fake camera's picture is drawn; the placeholder's colour (30,37,56) is not where the camera is.
  await expect.poll(() => previewColor(page, 0.5, 0.95)).not.toBe('30,37,56');
  const camera = page.getByRole('button', { name: 'Camera off' });
  await camera.click();
  await expect(camera).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => previewColor(page, 0.5, 0.95)).toBe('30,37,56');
  await camera.click();
  await expect(camera).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => previewColor(page, 0.5, 0.95)).not.toBe('30,37,56');

  const obs = page.getByRole('region', { name: 'Stream from OBS' });
  const key = obs.getByLabel('OBS stream key', { exact: true });
  await expect(key).toHaveAttribute('type', 'password');
  const before = await key.inputValue();
  expect(before.length).toBeGreaterThan(8);
  await obs.getByRole('button', { name: 'Copy OBS stream key' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(before);
  await expect(obs.getByRole('textbox', { name: 'OBS server' })).toHaveValue(/^rtmp:\/\/.+\/live$/);
  await obs.getByRole('button', { name: 'Rotate stream key' }).click();
  await expect(page.getByText('Your stream key was changed. Update it in OBS.')).toBeVisible();
  await expect.poll(() => key.inputValue()).not.toBe(before);
});

/** Seconds of silence each sink must have received after Mute before the test ends the stream. */
const MUTED_SECONDS_BEFORE_END = 2;

/**
 * Polls what the sink has written so far until its audio ends in a silence of at least `seconds` (the mute),
 * or fails after `timeoutMs` with the last reading.
 */
async function waitForMutedAudio(sink: RtmpSink, seconds: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let reading = 'no audio received yet';
  while (Date.now() < deadline) {
    const audio = probeStreams(sink.file).audio;
    if (audio) {
      const audioEnd = audio.start + audio.span;
      const silence = lastSilence(sink.file);
      reading = `audio up to ${audioEnd.toFixed(1)} s, last silence ${JSON.stringify(silence)}`;
      // A silence running to the end of what was received (silencedetect closes it at the end of the file, or
      // leaves it open), `seconds` long or more.
      const toTheEnd = silence && (silence.end === null || silence.end > audioEnd - 0.5);
      if (silence && toTheEnd && audioEnd - silence.start >= seconds) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${sink.name}: the muted audio never arrived in ${timeoutMs / 1000} s (${reading})`);
}

test('go live to two local RTMP sinks, switch scenes and mute while live, end: both sinks got it all', async ({
  page,
}, testInfo) => {
  test.setTimeout(210_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-sinks-'));
  const sinks = [
    new RtmpSink(dir, 'sink-a', await freePort(), 'sinkAkey0001'),
    new RtmpSink(dir, 'sink-b', await freePort(), 'sinkBkey0002'),
  ];
  try {
    await openStudio(page);
    // 720p30 at 3000 kbps: the lightest stream settings, so the server's one encode keeps up on a small CI
    // machine that also runs Chromium (the spec's defaults are 1080p60 at 6000 kbps).
    const settings = await (await page.request.get('/api/settings')).json();
    const saved = await page.request.put('/api/settings', {
      data: { ...settings, stream: { ...settings.stream, resolution: '720p', bitrate: 3000, fps: 30 } },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await addDestination(page, 'Custom RTMP', {
      rtmpUrl: sinks[0]?.rtmpUrl ?? '',
      streamKey: 'sinkAkey0001',
      name: 'Sink A',
    });
    await addDestination(page, 'YouTube Live', {
      rtmpUrl: sinks[1]?.rtmpUrl ?? '',
      streamKey: 'sinkBkey0002',
      name: 'Sink B',
    });
    // A platform that is down: nothing listens on this port. It must fail on its own, never the others.
    await addDestination(page, 'Custom RTMP', {
      rtmpUrl: `rtmp://127.0.0.1:${await freePort()}/app`,
      streamKey: 'downKey0003',
      name: 'Down platform',
    });
    for (const sink of sinks) await sink.start();

    // The camera preview runs before going live.
    const preview = page.getByLabel('Preview of Main Scene');
    await expect.poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth)).toBe(1280);

    const goLiveAt = Date.now();
    await page.getByRole('button', { name: 'Go Live' }).click();
    const rows = page.getByRole('list', { name: 'Destinations' });
    const rowA = rows.getByRole('listitem').filter({ hasText: 'Sink A' });
    const rowB = rows.getByRole('listitem').filter({ hasText: 'Sink B' });
    await expect(rowA.getByText('Live', { exact: true })).toBeVisible({ timeout: 45_000 });
    await expect(rowB.getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 });
    const rowDown = rows.getByRole('listitem').filter({ hasText: 'Down platform' });
    await expect(rowDown.getByText(/^(Retrying|Failed)$/)).toBeVisible({ timeout: 15_000 });
    const liveAt = Date.now();
    await expect(page.getByRole('button', { name: 'End Stream' })).toBeVisible();
    await expect(platformButton(page, 'Twitch')).toBeDisabled();
    await expect(rowA.getByText(/\d[\d,]* kbps/)).toBeVisible({ timeout: 10_000 });

    // Switch scenes live: the stream keeps going (the destinations never leave Live).
    const scenes = page.getByRole('region', { name: 'Scenes' });
    await page.waitForTimeout(2000);
    await scenes.getByRole('button', { name: /Picture in Picture/ }).click();
    await expect(scenes.getByRole('button', { name: /Picture in Picture/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.waitForTimeout(2000);
    await scenes.getByRole('button', { name: /Main Scene/ }).click();
    await expect(page.getByLabel('Preview of Main Scene')).toBeVisible();
    await page.waitForTimeout(2000);

    const mute = page.getByRole('button', { name: 'Mute' });
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    const mutedAt = Date.now();
    // End Stream only once both sinks have received muted audio: the browser → server encode → relay → sink
    // pipeline lags by seconds on a loaded machine, and ending on a wall-clock timer used to cut the muted
    // tail off before it arrived (the sink then had no silence at all). If mute never reaches the encoded
    // audio (a real defect: a muted creator must be silent everywhere), this wait fails and says so.
    for (const sink of sinks) await waitForMutedAudio(sink, MUTED_SECONDS_BEFORE_END);
    await expect(rowA.getByText('Live', { exact: true })).toBeVisible();
    await expect(rowB.getByText('Live', { exact: true })).toBeVisible();

    // Leaving the studio would end the stream: it asks first, and Stay live keeps everything going.
    await page.getByRole('main').getByRole('link', { name: 'Analytics' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave the studio?' });
    await leave.getByRole('button', { name: 'Stay live' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/streaming$/);

    const endAt = Date.now();
    await page.getByRole('button', { name: 'End Stream' }).click();
    await expect(page.getByRole('button', { name: 'Go Live' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Stream ended')).toBeVisible();
    await expect(platformButton(page, 'Twitch')).toBeEnabled();
    await page.screenshot({ path: testInfo.outputPath('studio-after-stream.png') });

    for (const sink of sinks) await sink.finish();
    const liveSeconds = (endAt - liveAt) / 1000;
    const recordedSeconds = (endAt - goLiveAt) / 1000;
    const mutedSeconds = (endAt - mutedAt) / 1000;
    for (const sink of sinks) {
      const probe = probeStreams(sink.file);
      testInfo.annotations.push({
        type: sink.name,
        description: `${JSON.stringify(probe)}; both Live for ${liveSeconds}s of ${recordedSeconds}s recorded`,
      });
      expect(probe.video?.codec, sink.name).toBe('h264');
      expect(probe.audio?.codec, sink.name).toBe('aac');
      // Lower bound: the sink had media at least while both rows said Live (less 1 s: the status comes about
      // once a second). Upper bound: the browser cannot have recorded more than the time from Go Live to End
      // Stream; allow 1.5 s for the last 250 ms chunk and the encoder's timestamp rounding.
      for (const kind of ['video', 'audio'] as const) {
        expect(probe[kind]?.span ?? 0, `${sink.name} ${kind}`).toBeGreaterThan(liveSeconds - 1);
        expect(probe[kind]?.span ?? 0, `${sink.name} ${kind}`).toBeLessThan(recordedSeconds + 1.5);
      }
      // Mute, found in the audio itself (the sink's timeline is offset from the wall clock by the pipeline's
      // delay): the audio ends in one silence, begun after the tone, lasting at most as long as we were muted
      // (at least 1 s: what is left when a lagging encoder's tail is cut at End Stream; at most the muted time
      // plus the same 1.5 s allowed above for the last chunk and the encoder's timestamp rounding).
      const audioStart = probe.audio?.start ?? 0;
      const audioEnd = audioStart + (probe.audio?.span ?? 0);
      const silence = lastSilence(sink.file);
      expect(silence, `${sink.name} silence after mute`).not.toBeNull();
      expect(silence?.end ?? audioEnd, `${sink.name} silent to the end`).toBeGreaterThan(audioEnd - 0.5);
      const silentFor = audioEnd - (silence?.start ?? audioEnd);
      expect(silentFor, `${sink.name} muted seconds`).toBeGreaterThan(1);
      expect(silentFor, `${sink.name} muted seconds`).toBeLessThan(mutedSeconds + 1.5);
      const toneUntil = (silence?.start ?? 0) - audioStart - 0.5;
      expect(maxVolume(sink.file, 1, toneUntil), `${sink.name} before mute`).toBeGreaterThan(-30);
    }

    // Stream analytics: this stream, its two destinations and the bitrate recorded while live.
    await page.goto('/stream-analytics');
    const detail = page.getByRole('region', { name: /Live stream|Untitled stream/ });
    await expect(page.getByRole('navigation', { name: 'Streams' }).getByRole('button')).toHaveCount(1);
    await expect(
      page.getByRole('img', { name: /^Bitrate over time for (?=.*Sink A)(?=.*Sink B)/ }),
    ).toBeVisible();
    await expect(detail.getByRole('row', { name: /Sink A Stopped \d[\d,]* kbps/ })).toBeVisible();
    await expect(detail.getByRole('row', { name: /Sink B Stopped \d[\d,]* kbps/ })).toBeVisible();
    await expect(
      detail.getByRole('row', { name: /^Down platform (Failed|Retrying|Stopped) – –/ }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    for (const sink of sinks) await sink.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe, ${colorScheme} mode: the studio (scenes and clip panels open) and stream analytics`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme });
    await openStudio(page);
    await page.getByRole('button', { name: 'Clip Generator' }).click();
    await expect(page.getByRole('heading', { name: 'Clip Generator', level: 2 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/stream-analytics');
    await expect(page.getByRole('heading', { name: 'Stream Analytics', level: 1 })).toBeVisible();
    await expect(page.getByText('No streams yet')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('a planned stream opens in the studio with its title and its own destinations', async ({ page }) => {
  await openStudio(page);
  const created: { id: string }[] = [];
  for (const name of ['Morning show', 'Backup feed']) {
    const response = await page.request.post('/api/streaming/destinations', {
      data: { platform: 'custom', name, rtmpUrl: 'rtmp://127.0.0.1:1/app', streamKey: `${name}-key` },
    });
    expect(response.ok(), await response.text()).toBe(true);
    created.push(await response.json());
  }
  const plan = await page.request.post('/api/scheduled-streams', {
    data: {
      title: 'Launch day live',
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      timezone: 'Europe/Paris',
      destinationIds: [created[1]?.id],
    },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  const { id } = await plan.json();

  await page.goto(`/streaming?plan=${id}`);
  await expect(page.getByText('Planned stream loaded: Launch day live.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Stream title' })).toHaveValue('Launch day live');
  // The plan's choice applies to this stream only: the saved ticks are left alone.
  await expect(page.getByRole('checkbox', { name: 'Stream to Backup feed' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Stream to Morning show' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Stream to Backup feed' }).uncheck();
  await expect(page.getByRole('checkbox', { name: 'Stream to Backup feed' })).not.toBeChecked();
  await page.goto('/streaming');
  await expect(page.getByRole('checkbox', { name: 'Stream to Morning show' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Stream to Backup feed' })).toBeChecked();
});
