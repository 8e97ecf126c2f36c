import { expect, test } from '@playwright/test';

// docs/decisions/0040-prerendered-home.md: the server sends an English visitor the home page's first screen
// drawn at build time; the app's JavaScript then draws over it and takes over.
const HEADLINE = 'Supercharge your social media with an AI-powered tool';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an English visitor sees the home page before any script has run, inert until the app takes over', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('h1')).toHaveText(HEADLINE);
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    await expect(page.locator('a[href="/signup"]').first()).toContainText('Start your free trial');
    await expect(page.getByPlaceholder('A LinkedIn post announcing our spring webinar')).toHaveAttribute(
      'aria-readonly',
      'true',
    );
  });
});

test('the app takes over the drawn page: navigation stays in the page, with no reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test('what a visitor types while the app is still starting is not lost to the drawn page', async ({
  page,
}) => {
  // A slow machine: the drawn page is on screen for a long while before the app replaces it. (Playwright also
  // waits for an element to stop moving, so this guards the outcome rather than each of the gates.)
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.goto('/', { waitUntil: 'commit' });
  // Found by placeholder, which (unlike a label or a role) also finds the drawn page's field.
  const prompt = page.getByPlaceholder('A LinkedIn post announcing our spring webinar');
  await prompt.fill('A launch post typed at once');
  await expect(page.locator('#root')).not.toHaveAttribute('inert', '');
  await expect(prompt).toHaveValue('A launch post typed at once');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test('a visitor whose language is another gets the page drawn by the app, in their language', async ({
  request,
}) => {
  const english = await (await request.get('/', { headers: { 'accept-language': 'en-US' } })).text();
  expect(english).toContain(HEADLINE);
  const german = await (await request.get('/', { headers: { 'accept-language': 'de-DE,de;q=0.9' } })).text();
  expect(german).not.toContain(HEADLINE);
  expect(german).toContain('<div id="root"></div>');
});
