import { expect, test } from '@playwright/test';
import { signInAsNewUser } from './session';

/**
 * The composer's "Shorten links" (docs/decisions/0080-short-links.md, "2026-11-26: the composer"): turned on,
 * each network's preview shows the short link `<base>/xxxxxxx` where the address was, the count follows it, and
 * the choice is saved with the post.
 */

const LONG = `https://example.com/articles/${'spring-collection-'.repeat(16)}`;

test('turning "Shorten links" on shows the short link in each network’s preview and saves the choice', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsNewUser(page, 'Shona Link');
  await page.goto('/post-composer');
  await page.getByRole('button', { name: 'Bluesky', exact: true }).click();
  await page.getByRole('button', { name: 'Mastodon', exact: true }).click();
  await page.getByLabel('Post text').fill(`New in: ${LONG}`);

  // The workspace asks by default: the switch is there and off, and the long address is over Bluesky's 300.
  const toggle = page.getByRole('switch', { name: 'Shorten links' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText(/Bluesky allows at most 300 characters/)).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText(LONG);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const origin = new URL(page.url()).origin;
  for (const network of ['Bluesky', 'Mastodon']) {
    await page.getByRole('tab', { name: network }).click();
    const preview = page.getByRole('tabpanel');
    await expect(preview).toContainText(/New in: https?:\/\/[^\s]+\/xxxxxxx/);
    await expect(preview).not.toContainText(LONG);
  }
  await expect(page.getByText(/Bluesky allows at most 300 characters/)).toHaveCount(0);
  const shortLength = 'New in: '.length + `${origin}/xxxxxxx`.length;
  await expect(page.getByText(`${shortLength} of 300 characters`)).toBeVisible();

  await page.getByLabel('Campaign (optional)').fill('Spring');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  const postId = new URL(page.url()).searchParams.get('post');
  const stored = await page.request.get(`/api/short-links/posts/${postId}`);
  expect(await stored.json()).toEqual({ shorten: true, campaign: 'Spring' });

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Shorten links' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Campaign (optional)')).toHaveValue('Spring');
  await expect(page.getByRole('tabpanel')).toContainText('/xxxxxxx');
});
