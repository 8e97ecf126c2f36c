import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

const VIDEO_ID = 'dQw4w9WgXcQ';
// A 1×1 PNG standing in for the provider's thumbnails: the test never reaches the internet.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Every request off this machine is refused, except the ones a test stands in for. */
async function isolate(page: Page, thumbnails: 'ok' | 'missing' | 'unreachable') {
  const requested: string[] = [];
  await page.context().route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
  await page.context().route('https://img.youtube.com/**', (route) => {
    requested.push(new URL(route.request().url()).pathname);
    if (thumbnails === 'unreachable') return route.abort('internetdisconnected');
    return thumbnails === 'ok'
      ? route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL })
      : route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
  });
  await page
    .context()
    .route('https://www.youtube.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Watch page</title>' }),
    );
  return requested;
}

test('the clip generator checks the link, builds four snapshots and opens the watch page at an offset', async ({
  page,
}) => {
  const requested = await isolate(page, 'ok');
  await signInAsNewUser(page);
  await page.goto('/media-tools');
  await page
    .getByRole('link', { name: /Clip Generator/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/clip-generator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clip Generator' })).toBeVisible();

  const url = page.getByLabel('YouTube video URL');
  const generate = page.getByRole('button', { name: 'Generate Snapshots' });
  await generate.click();
  await expect(page.getByText('Please enter a video URL')).toBeVisible();

  await url.fill('https://vimeo.com/watch?v=dQw4w9WgXcQ');
  await generate.click();
  await expect(page.getByText('Invalid YouTube URL')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Snapshots' })).toHaveCount(0);

  await url.fill(`https://youtu.be/${VIDEO_ID}`);
  await generate.click();
  await expect(page.getByText('Snapshots generated successfully!')).toBeVisible();
  const snapshots = page.getByRole('list', { name: 'Snapshots' }).getByRole('listitem');
  await expect(snapshots).toHaveCount(4);
  // Checked once the toast has gone (its fade-in is not what is being checked here).
  await expect(page.getByText('Snapshots generated successfully!')).toBeHidden({ timeout: 10_000 });
  expect(await seriousViolations(page)).toEqual([]);
  for (const [index, seconds] of [30, 60, 90, 120].entries()) {
    const item = snapshots.nth(index);
    await expect(item).toHaveAttribute('data-snapshot-id', `snapshot-${index}`);
    await expect(item.locator('img')).toHaveAttribute(
      'src',
      `https://img.youtube.com/vi/${VIDEO_ID}/${index}.jpg`,
    );
    const link = item.getByRole('link');
    await expect(link).toHaveAttribute('href', `https://www.youtube.com/watch?v=${VIDEO_ID}&t=${seconds}s`);
    await expect(link).toHaveAttribute('target', '_blank');
  }
  expect(requested).toEqual(expect.arrayContaining([0, 1, 2, 3].map((n) => `/vi/${VIDEO_ID}/${n}.jpg`)));

  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Open the video at 1:30 (opens in a new tab)' }).click(),
  ]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(`https://www.youtube.com/watch?v=${VIDEO_ID}&t=90s`);
  await popup.close();

  await page.getByRole('link', { name: 'Back to Media Tools' }).click();
  await expect(page).toHaveURL(/\/media-tools$/);
});

for (const failure of ['unreachable', 'missing'] as const) {
  test(`thumbnails the host cannot serve (${failure}) leave four snapshots with a placeholder each`, async ({
    page,
  }) => {
    await isolate(page, failure);
    await signInAsNewUser(page);
    await page.goto('/clip-generator');
    await page.getByLabel('YouTube video URL').fill(`https://www.youtube.com/watch?v=${VIDEO_ID}`);
    await page.getByRole('button', { name: 'Generate Snapshots' }).click();
    await expect(page.getByText('Snapshots generated successfully!')).toBeVisible();
    await expect(page.getByText('Failed to generate snapshots')).toHaveCount(0);
    const snapshots = page.getByRole('list', { name: 'Snapshots' }).getByRole('listitem');
    await expect(snapshots).toHaveCount(4);
    for (const [index, seconds] of [30, 60, 90, 120].entries()) {
      const item = snapshots.nth(index);
      await expect(item.getByText('The preview image could not be loaded')).toBeVisible();
      await expect(item.locator('img')).toHaveCount(0);
      await expect(item.getByRole('link')).toHaveAttribute(
        'href',
        `https://www.youtube.com/watch?v=${VIDEO_ID}&t=${seconds}s`,
      );
    }
  });
}
