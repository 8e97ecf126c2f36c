import { expect, type Page, test } from '@playwright/test';
import { E2E_MEDIA_BROWSER } from '../browser';
import { expectSectionSaved, gotoSettings, seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

// Chromium's fake camera and microphone, with access already granted: the device selects list them by name.
test.use({
  permissions: ['camera', 'microphone'],
  launchOptions: {
    executablePath: E2E_MEDIA_BROWSER,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--use-fake-device-for-media-stream'],
  },
});

async function expectSaved(page: Page) {
  await expect(page.getByLabel('Resolution')).toHaveValue('720p');
  await expect(page.getByLabel('Bitrate')).toHaveValue('4500');
  await expect(page.getByLabel('FPS')).toHaveValue('30');
  await expect(page.getByLabel('Encoder')).toHaveValue('x264');
  await expect(page.getByLabel('Format')).toHaveValue('flv');
  await expect(page.getByRole('switch', { name: 'Email notifications' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.getByRole('switch', { name: 'Push notifications' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  // Two-factor is the account's real state, changed only through its own dialog (two-factor.spec.ts).
  await expect(page.getByRole('switch', { name: 'Two-factor authentication' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.getByRole('switch', { name: 'API key access' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue('en');
  await expect(page.getByLabel('Timezone')).toHaveValue('PST');
}

test('settings start at the defaults, save to the server and come back after a reload', async ({ page }) => {
  await signInAsNewUser(page);
  await gotoSettings(page);
  await expect(page.getByRole('heading', { name: 'Stream Settings' })).toBeVisible();
  // What a 2-core server encodes in real time (docs/decisions/0079-studio-encoder-honesty-and-pdf-header.md).
  await expect(page.getByLabel('Resolution')).toHaveValue('720p');
  await expect(page.getByLabel('Bitrate')).toHaveValue('3000');
  await expect(page.getByLabel('FPS')).toHaveValue('30');
  await expect(page.getByRole('switch', { name: 'Stream notifications' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByRole('switch', { name: 'Two-factor authentication' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue('en');
  await expect(page.getByLabel('Timezone')).toHaveValue('auto');
  // Nothing in Security promises a later release: two-factor (two-factor.spec.ts) and API keys (api-keys.spec.ts) work.
  await expect(page.getByText(/coming later|later release/i)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The browser's own device list (Chromium's fake devices).
  const camera = page.getByLabel('Camera');
  await expect(camera.locator('option', { hasText: 'fake' })).not.toHaveCount(0);
  const fakeCamera = await camera.locator('option', { hasText: 'fake' }).first().getAttribute('value');
  await camera.selectOption(fakeCamera!);

  await page.getByLabel('Resolution').selectOption('1080p');
  await page.getByLabel('Resolution').selectOption('720p');
  await page.getByLabel('Bitrate').selectOption('4500');
  await page.getByLabel('FPS').selectOption('30');
  await page.getByRole('switch', { name: 'Email notifications' }).click();
  await page.getByRole('switch', { name: 'API key access' }).click();
  // The language stays English here: choosing another turns the whole interface (language.spec.ts).
  await page.getByLabel('Timezone').selectOption('PST');
  // No Save button: each change was saved as it was made; the last section changed says so.
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await expectSectionSaved(page, 'Language & Region');

  await page.reload();
  await expectSaved(page);
  await expect(page.getByLabel('Camera')).toHaveValue(fakeCamera!);

  // /stream-settings is the same form, on the same stored values.
  await page.goto('/stream-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Stream Settings' })).toBeVisible();
  await expectSaved(page);
  const stored = await page.request.get('/api/settings');
  expect((await stored.json()).stream).toMatchObject({
    resolution: '720p',
    bitrate: 4500,
    fps: 30,
    videoInput: fakeCamera,
  });
});

test('a refused save shows the server’s message and keeps the stored values', async ({ page }) => {
  await signInAsNewUser(page);
  await page.goto('/stream-settings');
  await expect(page.getByLabel('Resolution')).toHaveValue('720p');
  // A value the form cannot produce, as an outdated tab might send it: the server refuses it.
  await page.route('/api/settings', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    const body = route.request().postDataJSON();
    body.stream.bitrate = 5000;
    return route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByLabel('Resolution').selectOption('4K');
  await expect(page.getByText('Bitrate must be one of 3000, 4500, 6000, 8000 kbps.')).toBeVisible();
  // What is stored is shown again at once, and after a reload.
  await expect(page.getByLabel('Resolution')).toHaveValue('720p');
  await page.unroute('/api/settings');
  await page.reload();
  await expect(page.getByLabel('Resolution')).toHaveValue('720p');
});

test.describe('without camera and microphone access', () => {
  test.use({ permissions: [] });

  test('a refused prompt says so plainly', async ({ page }) => {
    await signInAsNewUser(page);
    await gotoSettings(page);
    await page.getByRole('button', { name: 'Allow camera and microphone' }).click();
    await expect(page.getByRole('alert')).toContainText('Camera and microphone access was denied');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
