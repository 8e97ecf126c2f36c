import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTestImage } from './fixtures';
import { connectMastodon, mastodonUrl, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

let dir: string;
let image: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-thread-'));
  image = makeTestImage(dir, 'lift-diagram.png', '320x180');
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 3-part thread (part 2 with an image) written in the composer and published now to a connected Mastodon account (docs/threads.md). */
test('write a 3-part thread for Mastodon with an image on part 2, publish now, and find the 3 parts published as a chain of replies', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, 'Theo Thread');
  await connectMastodon(page);
  const label = `Thread ${Date.now()}`;

  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Mastodon', exact: true }).click();
  await page.getByLabel('Post text').fill(`${label} 1/3: why kites fly`);
  const thread = page.getByRole('region', { name: /^Thread/ });
  await thread.getByRole('button', { name: 'Add to thread' }).click();
  await thread.getByRole('textbox', { name: 'Part 2' }).fill(`${label} 2/3: lift`);
  // Part 2 carries an image: uploaded to the library (through the post's media, then taken off the post) and
  // chosen from the library for the part, with its alt text.
  await page.getByLabel('Upload files').setInputFiles(image);
  const attached = page.getByRole('list', { name: 'Attached media' });
  await attached.getByRole('button', { name: 'Remove lift-diagram.png' }).click();
  await thread.getByRole('button', { name: 'Add media to Part 2' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /lift-diagram\.png/ })
    .click();
  await page.getByRole('button', { name: 'Attach selected' }).click();
  const partMedia = thread.getByRole('list', { name: 'Media of Part 2' });
  await expect(partMedia.getByRole('img', { name: 'lift-diagram.png' })).toBeVisible();
  await partMedia.getByRole('button', { name: /Alt text for lift-diagram\.png/ }).click();
  await thread.getByLabel('Alt text for lift-diagram.png').fill('Arrows of lift under a wing');
  await thread.getByRole('button', { name: 'Add to thread' }).click();
  await thread.getByRole('textbox', { name: 'Part 3' }).fill(`${label} 3/3: wind`);
  await expect(thread.getByRole('heading', { name: 'Thread of 3' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Part 3' })).toContainText('3/3: wind');
  await page.screenshot({ path: '/tmp/threads-composer.png', fullPage: true });

  await page.getByRole('button', { name: 'Publish now' }).click();
  const destinations = page.getByRole('list', { name: 'Destinations' });
  await expect(destinations.getByText('Published', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(destinations.getByText('Thread of 3')).toBeVisible();
  await page.screenshot({ path: '/tmp/threads-published.png', fullPage: true });

  const answer = await page.request.get(`${mastodonUrl()}/__e2e/statuses`);
  const statuses = (
    (await answer.json()) as {
      id: string;
      text: string;
      replyTo: string | null;
      media: number;
      altTexts: string[];
    }[]
  ).filter((status) => status.text.startsWith(label));
  expect(statuses.map((status) => status.text)).toEqual([
    `${label} 1/3: why kites fly`,
    `${label} 2/3: lift`,
    `${label} 3/3: wind`,
  ]);
  expect(statuses.map((status) => status.replyTo)).toEqual([null, statuses[0]?.id, statuses[1]?.id]);
  // The image went with part 2 only, with its alt text.
  expect(statuses.map((status) => status.media)).toEqual([0, 1, 0]);
  expect(statuses[1]?.altTexts).toEqual(['Arrows of lift under a wing']);
  // The post's link is part 1's.
  await expect(destinations.getByRole('link', { name: 'View on Mastodon' })).toHaveAttribute(
    'href',
    new RegExp(`/${statuses[0]?.id}$`),
  );
});
