import { expect, test } from '@playwright/test';
import { signInAsNewUser } from './session';

/**
 * The composer library (docs/composer-library.md): a signature and a hashtag group made in Settings, put into a
 * post in the composer, the post saved as a template, and a new post started from it.
 */

test('a hashtag group and a signature go into a post, which becomes a template a new post starts from', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, 'Tess Template');
  await page.goto('/settings');

  await page.getByRole('button', { name: 'Add a signature' }).click();
  const signature = page.getByRole('article', { name: 'New signature' });
  await signature.getByLabel('Signature text').fill('— Tess, Relaycast');
  await signature.getByLabel('Name').fill('Sign-off');
  await signature.getByLabel('Name').blur();
  await expect(page.getByRole('article', { name: 'Sign-off' })).toBeVisible();

  await page.getByRole('button', { name: 'Add a hashtag group' }).click();
  const group = page.getByRole('article', { name: 'New group' });
  await group.getByLabel('Hashtags (separated by spaces)').fill('launch #relaycast');
  await group.getByLabel('Name').fill('Launch');
  await group.getByLabel('Name').blur();
  await expect(page.getByRole('article', { name: 'Launch' })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await (await page.request.get('/api/composer-library/hashtag-groups')).json()).hashtagGroups,
    )
    .toEqual([expect.objectContaining({ name: 'Launch', hashtags: ['#launch', '#relaycast'] })]);

  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Mastodon', exact: true }).click();
  const text = page.getByLabel('Post text');
  await text.fill('Big news today');
  await text.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(8, 8));
  await page.getByRole('button', { name: 'Hashtags', exact: true }).click();
  await page.getByRole('button', { name: 'Insert “Launch” at the cursor' }).click();
  await expect(text).toHaveValue('Big news #launch #relaycast today');
  await page.getByRole('button', { name: 'Signature', exact: true }).click();
  await page.getByRole('button', { name: 'Add “Sign-off” at the end' }).click();
  const written = 'Big news #launch #relaycast today\n\n— Tess, Relaycast';
  await expect(text).toHaveValue(written);
  await expect(page.getByText(`${written.length} of 500 characters`)).toBeVisible();

  await page.getByRole('button', { name: 'Templates', exact: true }).click();
  await page.getByLabel('Save this post as a template').fill('Launch post');
  await page.getByRole('button', { name: 'Save as template' }).click();
  await expect(page.getByText('Template saved')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/calendar');
  await page.goto('/post-composer');
  await expect(page.getByLabel('Post text')).toHaveValue('');
  await page.getByRole('button', { name: 'Templates', exact: true }).click();
  await page.getByRole('button', { name: 'Start from “Launch post”' }).click();
  await expect(page.getByLabel('Post text')).toHaveValue(written);
  await expect(page.getByRole('button', { name: 'Mastodon', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
