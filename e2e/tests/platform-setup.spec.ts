import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

/**
 * Setting up a platform's keys (docs/platform-setup.md): the e2e server leaves LinkedIn unconfigured and points X at
 * its local fake (playwright.config.ts), so Set up shows LinkedIn's redirect address for this server, and Check keys
 * asks the X fake.
 */

/** Where a screenshot of the window goes when SCREENSHOT_DIR is set (the review looks at them; runs without it skip them). */
async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('sets up LinkedIn with this server’s redirect address, and checks that X’s keys work', async ({
      page,
      context,
      baseURL,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInAsNewUser(page, 'Sam Setup');
      await page.goto('/connected-accounts');
      const platforms = page.getByRole('list', { name: 'Platforms' });

      // LinkedIn has no keys on this server: its card offers Set up.
      const linkedin = platforms.getByRole('listitem', { name: 'LinkedIn' });
      await expect(linkedin.getByText('Not configured')).toBeVisible();
      await linkedin.getByRole('button', { name: 'Set up LinkedIn' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set up LinkedIn' });
      const redirect = `${baseURL}/api/accounts/oauth/linkedin/callback`;
      await expect(dialog.getByRole('textbox', { name: 'Redirect address' })).toHaveValue(redirect);
      await expect(dialog.getByRole('list', { name: 'Scopes' })).toContainText('w_member_social');
      const variables = dialog.getByRole('list', { name: 'Variables for LinkedIn' });
      await expect(
        variables.getByRole('listitem').filter({ hasText: 'LINKEDIN_CLIENT_SECRET' }),
      ).toContainText('Missing');
      await expect(dialog.getByText(/Community Management API/)).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Open the LinkedIn developer portal' })).toHaveAttribute(
        'href',
        'https://www.linkedin.com/developers/apps',
      );
      await expect(dialog.getByRole('button', { name: 'Check keys' })).toHaveCount(0);

      await dialog.getByRole('button', { name: 'Copy redirect address' }).click();
      await expect(page.getByText('Copied to clipboard')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(redirect);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `platform-setup-linkedin-${viewport.width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // X is configured against its fake: Check keys asks it, and the keys work.
      const x = platforms.getByRole('listitem', { name: 'X (Twitter)' });
      await x.getByRole('button', { name: 'Set up X (Twitter)' }).click();
      const xDialog = page.getByRole('dialog', { name: 'Set up X (Twitter)' });
      await expect(xDialog.getByRole('textbox', { name: 'Redirect address' })).toHaveValue(
        `${baseURL}/api/accounts/oauth/twitter/callback`,
      );
      await xDialog.getByRole('button', { name: 'Check keys' }).click();
      const result = xDialog.getByRole('status').filter({ hasText: 'The keys work.' });
      await expect(result).toBeVisible();
      await expect(result).toContainText('accepted this client ID and secret');
      await expect(result).toContainText('Whether the redirect address is registered');
      // PUBLIC_URL is plain http on localhost here: no warning, and no claim of https.
      await expect(result).not.toContainText('https');
      await result.scrollIntoViewIfNeeded();
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `platform-setup-x-${viewport.width}`);
    });
  });
}
