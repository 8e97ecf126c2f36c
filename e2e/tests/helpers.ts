import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** Serious and critical axe violations on the page as it is now (dialogs included), with where they are. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/**
 * Opens /settings and waits until its form is drawn. Its first load (the app's heaviest page, drawn once the
 * user's settings are known) took about 7 s on the 2-core CI machine with a second test running.
 */
export async function gotoSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByLabel('Timezone')).toBeVisible({ timeout: 20_000 });
}

/**
 * Settings save as you go (docs/decisions/0078-settings-save-as-you-go-and-week-start.md): waits until the section
 * titled `section` says "Saved", which it does once every change made so far has been stored.
 */
export async function expectSectionSaved(page: Page, section: string | RegExp) {
  await expect(page.getByRole('region', { name: section }).getByRole('status')).toHaveText(
    /Saved|Gespeichert|Enregistré|Guardado/,
  );
}
