import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

const PUBLIC_PAGES = [
  '/',
  '/features',
  '/pricing',
  '/about',
  '/blog',
  '/blog/self-host-relaycast-in-ten-minutes',
  '/faq',
  '/contact',
  '/login',
  '/signup?plan=premium',
  '/forgot-password',
  '/no-such-page',
];

const APP_PAGES = ['/dashboard', '/features', '/media-tools', '/create-post', '/calendar'];

/** Serious and critical violations once the page has rendered its heading. */
async function seriousViolationsOnPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return seriousViolations(page);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe, ${colorScheme} mode`, () => {
    test.use({ colorScheme });

    for (const path of PUBLIC_PAGES) {
      test(`public page ${path}`, async ({ page }) => {
        await page.goto(path);
        expect(await seriousViolationsOnPage(page)).toEqual([]);
      });
    }

    test('signed-in pages', async ({ page }) => {
      // An axe run on each signed-in page, one after the other: over 30 s on the 2-core CI machine.
      test.setTimeout(120_000);
      await signInAsNewUser(page);
      for (const path of APP_PAGES) {
        await page.goto(path);
        expect(await seriousViolationsOnPage(page), path).toEqual([]);
      }
    });
  });
}

test('axe: open FAQ answer, open menus and the contact errors', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('button', { name: 'What is Relaycast?' }).click();
  expect(await seriousViolationsOnPage(page)).toEqual([]);

  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  expect(await seriousViolationsOnPage(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Open menu' }).click();
  expect(await seriousViolationsOnPage(page)).toEqual([]);
});

test('the skip link takes keyboard users past the header', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Monthly' })).toBeFocused();
});

test.describe('a system that asks for less motion', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('gets transitions that end at once; without the setting they play', async ({ page }) => {
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Sign in' });
    await expect(button).toBeVisible();
    const duration = () => button.evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(Number.parseFloat(await duration())).toBeGreaterThan(0.01);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await duration()).toBe('0.001s');
  });
});
