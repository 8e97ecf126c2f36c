import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
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

/** Serious and critical violations, with enough detail to find them. */
async function seriousViolations(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe, ${colorScheme} mode`, () => {
    test.use({ colorScheme });

    for (const path of PUBLIC_PAGES) {
      test(`public page ${path}`, async ({ page }) => {
        await page.goto(path);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('signed-in pages', async ({ page }) => {
      await signInAsNewUser(page);
      for (const path of APP_PAGES) {
        await page.goto(path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  });
}

test('axe: open FAQ answer, open menus and the contact errors', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('button', { name: 'What is Relaycast?' }).click();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Open menu' }).click();
  expect(await seriousViolations(page)).toEqual([]);
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
