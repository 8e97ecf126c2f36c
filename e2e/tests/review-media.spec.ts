import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createPostThroughApi, localDate, parisInstant, seriousViolations, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

// The client review page (docs/decisions/0045-approvals.md, 0076): each post's pictures and video, and its
// time in the zone it was scheduled in, by name, with the reader's own time when they are elsewhere.

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-review-media-'));
  const ffmpeg = (...args: string[]) =>
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=s=640x640', '-frames:v', '1', path.join(dir, 'square.png'));
  ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc2=s=180x320:r=10:d=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path.join(dir, 'story.mp4')],
  );
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function upload(page: Page, name: string, mimeType: string): Promise<string> {
  const uploaded = await page.request.post('/api/media', {
    multipart: { file: { name, mimeType, buffer: readFileSync(path.join(dir, name)) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  return ((await uploaded.json()) as { id: string }).id;
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a client sees each post's media and its time with the zone's name (${size.width} px)`, async ({
    page,
    browser,
  }) => {
    await signInAsNewUser(page, 'Olive Owner');
    const image = await upload(page, 'square.png', 'image/png');
    const video = await upload(page, 'story.mp4', 'video/mp4');
    const date = localDate(2);
    const withImage = await createPostThroughApi(page, {
      content: 'Our square picture',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: parisInstant(date, '09:00'),
      mediaIds: [image],
    });
    await createPostThroughApi(page, {
      content: 'Our story video',
      platforms: ['bluesky'],
      action: 'schedule',
      scheduledAt: parisInstant(date, '10:00'),
      mediaIds: [video],
    });
    const made = await page.request.post('/api/approvals/review-links', {
      data: { weekStart: parisInstant(localDate(0), '00:00') },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { url, token } = (await made.json()) as { url: string; token: string };

    // The client: no account, in New York.
    const client = await browser.newContext({
      timezoneId: 'America/New_York',
      locale: 'en-US',
      viewport: size,
    });
    const review = await client.newPage();
    await review.goto(new URL(url).pathname);
    const picturePost = review.getByRole('article').filter({ hasText: 'Our square picture' });
    const picture = picturePost.getByRole('img', { name: 'Picture 1 of 1' });
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0);
    await expect(
      picturePost.getByText(/^Goes out .*, 9:00\sAM Central European (Standard|Summer) Time$/),
    ).toBeVisible();
    await expect(
      picturePost.getByText(/^Your time: .*, 3:00\sAM Eastern (Standard|Daylight) Time$/),
    ).toBeVisible();

    const videoPost = review.getByRole('article').filter({ hasText: 'Our story video' });
    const player = videoPost.locator('video');
    await expect(player).toHaveAttribute('aria-label', 'Video 1 of 1');
    await expect(player).toHaveAttribute('poster', `/api/review/${token}/media/${video}/thumbnail`);
    const poster = await client.request.get(`/api/review/${token}/media/${video}/thumbnail`);
    expect(poster.status()).toBe(200);
    await expect(
      review.getByText(/^This link works until .* Eastern (Standard|Daylight) Time\.$/),
    ).toBeVisible();
    const width = await review.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: innerWidth,
    }));
    expect(width.scroll).toBeLessThanOrEqual(width.inner);
    expect(await seriousViolations(review)).toEqual([]);
    await review.screenshot({ path: test.info().outputPath(`review-${size.width}.png`), fullPage: true });

    // Only the link's posts' files: another of the workspace's files is refused.
    const other = await upload(page, 'square.png', 'image/png');
    expect((await client.request.get(`/api/review/${token}/media/${other}/file`)).status()).toBe(404);
    expect((await client.request.get(`/api/review/${token}/media/${image}/file`)).status()).toBe(200);
    expect(withImage.id).toBeTruthy();
    await client.close();
  });
}
