import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTestImage } from './fixtures';
import { createPostThroughApi, dayLabel, localDate, seriousViolations, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

let dir: string;
let image: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-composer-'));
  image = makeTestImage(dir, 'launch-banner.png', '320x180');
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('compose with an image upload and save a draft; edit the draft from Drafts and schedule it', async ({
  page,
}) => {
  await signInAsNewUser(page);
  await page.goto('/post-composer');
  await expect(page.getByRole('heading', { level: 1, name: 'Post Composer' })).toBeVisible();
  await expect(page).toHaveTitle(/Post Composer/);

  await page.getByRole('button', { name: 'X (Twitter)', exact: true }).click();
  await page.getByRole('button', { name: 'Facebook', exact: true }).click();
  await page.getByLabel('Post text').fill('Our spring collection is here');
  await expect(page.getByText('29 of 280 characters')).toBeVisible();

  await page.getByLabel('Upload files').setInputFiles(image);
  const attached = page.getByRole('list', { name: 'Attached media' });
  await expect(attached.getByRole('img', { name: 'launch-banner.png' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('img', { name: 'launch-banner.png' })).toBeVisible();

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await expect(page).toHaveURL(/\/post-composer\?post=[\w-]+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Draft' })).toBeVisible();

  await page.goto('/drafts');
  const draft = page.getByRole('article', { name: 'Our spring collection is here' });
  await expect(draft.getByRole('img', { name: 'launch-banner.png' })).toBeVisible();
  await draft.getByRole('link', { name: /^Open/ }).click();
  await expect(page.getByLabel('Post text')).toHaveValue('Our spring collection is here');
  await expect(attached.getByRole('img', { name: 'launch-banner.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'X (Twitter)', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const date = localDate(1);
  await page.getByLabel('Post text').fill('Our spring collection is here: 20% off this weekend');
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Time').fill('09:15');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Post scheduled')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Scheduled' })).toContainText('9:15 AM');
  // Now scheduled: Update, and moving it back to drafts asks first (Keep it scheduled changes nothing).
  await expect(page.getByRole('button', { name: 'Update', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Schedule', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Move to drafts' }).click();
  const question = page.getByRole('dialog', { name: 'Move this post back to drafts?' });
  await expect(question).toContainText('9:15 AM');
  await question.getByRole('button', { name: 'Keep it scheduled' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Scheduled' })).toContainText('9:15 AM');

  await page.goto('/drafts');
  await expect(page.getByText('No drafts yet')).toBeVisible();
  await page.goto('/calendar');
  await expect(
    page
      .getByRole('main')
      .getByRole('listitem', { name: dayLabel(date) })
      .getByRole('link', { name: /Our spring collection is here: 20% off/ }),
  ).toContainText('9:15 AM');
});

test('the composer shows each platform’s limits and refuses what the server would refuse', async ({
  page,
}) => {
  await signInAsNewUser(page);
  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose at least one platform.');

  await page.getByRole('button', { name: 'X (Twitter)', exact: true }).click();
  await page.getByLabel('Post text').fill('a'.repeat(281));
  const overLimit = 'X (Twitter) allows at most 280 characters; this text has 281.';
  await expect(page.getByText('281 of 280 characters')).toBeVisible();
  await expect(page.getByText(overLimit).first()).toBeVisible();
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('This post could not be scheduled');
  await expect(page.getByRole('alert')).toContainText(overLimit);

  // A shorter X version fixes it; the message goes away as soon as it is fixed.
  await page.getByRole('button', { name: 'LinkedIn', exact: true }).click();
  await page.getByRole('button', { name: 'Customize for X (Twitter)' }).click();
  await page.getByLabel('Text for X (Twitter)').fill('The short version for X');
  await expect(page.getByText('23 of 280 characters')).toBeVisible();
  await expect(page.getByText('281 of 3,000 characters')).toBeVisible();
  await expect(page.getByRole('alert')).toBeHidden();
  await page.getByRole('tab', { name: 'X (Twitter)' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('The short version for X');

  // A time in the past, with the server's wording.
  await page.getByLabel('Date').fill(localDate(0));
  await page.getByLabel('Time').fill('00:00');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Choose a time in the future to schedule this post.').first()).toBeVisible();

  // Instagram cannot post text alone.
  await page.getByRole('button', { name: 'Instagram', exact: true }).click();
  await page.getByRole('button', { name: 'Add to queue' }).click();
  await expect(page.getByRole('alert')).toContainText('Instagram needs at least one image or video.');
});

test('Add to queue lets the server pick the next free slot and says when', async ({ page }) => {
  await signInAsNewUser(page);
  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Mastodon', exact: true }).click();
  await page.getByLabel('Post text').fill('Queued for the next free slot');
  await page.getByRole('button', { name: 'Add to queue' }).click();
  await expect(
    page.getByText(/^Added to the queue for \w{3}, \w{3} \d{1,2} at (9:00 AM|12:00 PM|5:00 PM)$/),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Scheduled' })).toBeVisible();

  // Back to drafts, once confirmed: no longer scheduled.
  await page.getByRole('button', { name: 'Move to drafts' }).click();
  const question = page.getByRole('dialog', { name: 'Move this post back to drafts?' });
  await question.getByRole('button', { name: 'Move to drafts' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Draft' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Schedule', exact: true })).toBeVisible();
});

test('Create Post starts from the AI prompt, puts it in the assistant and goes back to Features', async ({
  page,
}) => {
  await signInAsNewUser(page);
  await page.goto('/');
  await page.getByLabel('What would you like to create?').fill('A thread about our open-source launch');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page).toHaveURL(/\/create-post$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Post' })).toBeVisible();
  // The prompt is the assistant's, not the post's text (docs/decisions/0026-rough-edges-layout.md).
  await expect(page.getByLabel('Post text')).toHaveValue('');
  const assistant = page.getByRole('region', { name: 'AI assistant' });
  await expect(assistant.getByLabel('What should the post say?')).toHaveValue(
    'A thread about our open-source launch',
  );
  await expect(assistant.getByRole('button', { name: 'Generate', exact: true })).toBeEnabled();
  await page.getByRole('link', { name: 'Back to features' }).click();
  await expect(page).toHaveURL(/\/features$/);
});

test('Drafts: newest first, search, duplicate, schedule, and delete with undo', async ({ page }) => {
  await signInAsNewUser(page);
  await createPostThroughApi(page, {
    content: 'Older draft about tomatoes',
    platforms: ['mastodon'],
    action: 'draft',
  });
  await createPostThroughApi(page, {
    content: 'Newer draft about cucumbers',
    platforms: ['bluesky'],
    action: 'draft',
  });
  await page.goto('/drafts');
  const list = page.getByRole('list', { name: 'Drafts' });
  await expect(list.getByRole('article')).toHaveCount(2);
  await expect(list.getByRole('article').first()).toHaveAccessibleName('Newer draft about cucumbers');

  await page.getByLabel('Search drafts').fill('tomato');
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(list.getByRole('article').first()).toHaveAccessibleName('Older draft about tomatoes');
  await page.getByLabel('Search drafts').fill('no such words');
  await expect(page.getByText('No drafts match “no such words”.')).toBeVisible();
  await page.getByLabel('Search drafts').fill('');
  await expect(list.getByRole('article')).toHaveCount(2);

  await page.getByRole('button', { name: 'Duplicate “Older draft about tomatoes”' }).click();
  await expect(list.getByRole('article', { name: 'Older draft about tomatoes' })).toHaveCount(2);

  await page.getByRole('button', { name: 'Delete “Newer draft about cucumbers”' }).click();
  await expect(list.getByRole('article', { name: 'Newer draft about cucumbers' })).toHaveCount(0);
  await expect(page.getByText('Post deleted')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Post restored')).toBeVisible();
  await expect(list.getByRole('article', { name: 'Newer draft about cucumbers' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Schedule “Newer draft about cucumbers”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule draft' });
  await dialog.getByLabel('Date').fill(localDate(2));
  await dialog.getByLabel('Time').fill('08:00');
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Post scheduled')).toBeVisible();
  await expect(list.getByRole('article', { name: 'Newer draft about cucumbers' })).toHaveCount(0);
  await expect(list.getByRole('article')).toHaveCount(2);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe, ${colorScheme} mode: the composer with problems, the media dialog and the drafts`, async ({
    page,
  }) => {
    // Three axe runs over the composer, its media dialog and the drafts: 17–33 s on a loaded 2-core machine.
    test.setTimeout(150_000);
    await page.emulateMedia({ colorScheme });
    await signInAsNewUser(page);
    await createPostThroughApi(page, {
      content: 'An accessible draft',
      platforms: ['threads'],
      action: 'draft',
    });
    await page.goto('/post-composer');
    await page.getByRole('button', { name: 'X (Twitter)', exact: true }).click();
    await page.getByRole('button', { name: 'Instagram', exact: true }).click();
    await page.getByLabel('Post text').fill('a'.repeat(300));
    await page.getByRole('button', { name: 'Customize for Instagram' }).click();
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Choose from library' }).click();
    await expect(page.getByRole('dialog', { name: 'Choose from your media library' })).toBeVisible();
    await expect(page.getByText('Your media library is empty.', { exact: false })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/drafts');
    await expect(page.getByRole('article', { name: 'An accessible draft' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
