import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

/**
 * Links (docs/short-links.md): a short link made by hand, opened in the browser like a visitor would, and its
 * click counted on /links and on /analytics, with a visitor's country per link.
 */

test('a short link made by hand redirects a visitor and its click is counted', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signInAsNewUser(page, 'Lin Kerr');
  await page.goto('/links');
  await expect(page.getByRole('heading', { level: 1, name: 'Links' })).toBeVisible();
  await expect(page.getByText('No short links yet.')).toBeVisible();

  await page.getByLabel('Address to shorten').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Shorten' }).click();
  await expect(page.getByText('Only web addresses (https:// or http://) can be shortened.')).toBeVisible();

  const target = `${baseURL}/pricing?from=short-link`;
  await page.getByLabel('Address to shorten').fill(target);
  await page.getByRole('button', { name: 'Shorten' }).click();
  const row = page.getByTestId('short-link');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(target);
  await expect(row).toContainText('0 clicks');
  const shortUrl = (await row.getByRole('link').first().textContent()) ?? '';
  expect(shortUrl).toMatch(/\/[A-Za-z0-9]{7}$/);

  // A visitor opens it: one redirect to the target, and the page there.
  const visitor = await page.context().browser()!.newPage();
  const response = await visitor.goto(shortUrl);
  expect(response?.url()).toBe(target);
  expect(response?.request().redirectedFrom()?.url()).toBe(shortUrl);
  await visitor.close();

  // Counted within a second or two (the counter writes in batches).
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('short-link')).toContainText('1 click', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('short-link')).toContainText('1 unique visitor');
  await expect(page.getByTestId('short-link-countries')).toHaveCount(0);

  // A visitor from the United States (through a proxy the server trusts: loopback): their country is shown per link.
  const fromUs = await page.request.get(shortUrl, {
    maxRedirects: 0,
    headers: {
      'x-forwarded-for': '8.8.8.8',
      'user-agent':
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    },
  });
  expect(fromUs.status()).toBe(302);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('short-link')).toContainText('2 clicks', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('short-link-countries')).toContainText('Countries: United States (1)');
  // Checked on the reloaded page: a toast fading in is not the page's contrast.
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Edit address' }).click();
  await page.getByLabel('New address').fill(`${baseURL}/faq`);
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(row).toContainText(`${baseURL}/faq`);
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(row).toContainText('Off');
  const off = await page.request.get(shortUrl, { maxRedirects: 0 });
  expect(off.status()).toBe(404);

  await page.goto('/analytics');
  const clicks = page.getByRole('region', { name: 'Link clicks' });
  await expect(clicks.getByTestId('link-clicks-row')).toContainText('Made by hand');
  await expect(clicks.getByTestId('link-clicks-row')).toContainText(shortUrl.split('/').pop() ?? '');
  await expect(clicks.getByTestId('link-clicks-row')).toContainText('United States (1)');
});
