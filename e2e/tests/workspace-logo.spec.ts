import { expect, test } from '@playwright/test';
import { signInAsNewUser } from './session';

/**
 * The workspace's logo, set in Settings → Workspace, heads its analytics reports beside its name
 * (the white-label header, docs/decisions/0079), at 1440 and 390 px.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

for (const size of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  test(`a logo set in Settings heads the workspace's report (${size.name})`, async ({ page, browser }) => {
    await page.setViewportSize(size);
    await signInAsNewUser(page, 'Lena Logo');
    await page.goto('/settings/workspace');
    await expect(page.getByText('No logo')).toBeVisible();
    await page
      .getByLabel('Logo file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Logo saved.')).toBeVisible();
    await expect(page.getByAltText('Workspace logo')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`workspace-logo-${size.name}.png`) });

    const created = await page.request.post('/api/analytics/report-links', {
      data: { filters: { range: '30d' }, expiresInDays: 7 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { path } = (await created.json()) as { path: string };
    const guest = await browser.newPage({ viewport: size });
    await guest.goto(path);
    await expect(guest.getByRole('heading', { name: 'Analytics report', level: 1 })).toBeVisible();
    await expect(guest.getByTestId('report-workspace')).toContainText("Lena's workspace");
    const logo = guest.locator('header img[src^="data:image/png"]');
    await expect(logo).toHaveCount(1);
    await guest.close();

    await page.getByRole('button', { name: 'Remove logo' }).click();
    await expect(page.getByText('Logo removed.')).toBeVisible();
    await expect(page.getByText('No logo')).toBeVisible();
  });
}
