import { expect, test } from '@playwright/test';

test('the app runs under its content security policy with no console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  for (const path of ['/', '/login', '/signup', '/forgot-password', '/reset-password?token=abc']) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.locator('h1').first()).toBeVisible();
  }
  // The guard's redirect and the session check run too.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  expect(problems).toEqual([]);
});
