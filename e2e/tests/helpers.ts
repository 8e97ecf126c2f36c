import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/**
 * Serious and critical axe violations on the page as it is now (dialogs included), with where they are.
 * Legacy mode: axe runs in the page itself (same-origin frames included; the app has no frames from elsewhere)
 * instead of running in each frame and then opening a blank page, injecting axe-core's 550 KB into it and
 * merging the results there. The same violations, in half the time (about 1.1 s a check instead of 2.2 s on a
 * 2-core host, and the suite has over a hundred checks).
 */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/**
 * Closes the toast that says `text` (if it is still up) and waits until it is gone, so a check of the whole page
 * (axe) sees no half-faded toast. Waiting for it to time out is not enough: Sonner pauses a toast's timer while
 * the pointer rests on the toaster, and on a loaded machine it once stayed up past 15 s.
 */
export async function closeToast(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  if ((await toast.count()) > 0) {
    await toast
      .getByRole('button', { name: 'Close toast' })
      .click({ timeout: 5_000 })
      .catch(() => undefined); // It may have timed out on its own meanwhile.
  }
  await expect(toast).toHaveCount(0, { timeout: 10_000 });
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

/** A site this spec starts on 127.0.0.1 (the e2e server allows private addresses): its address, and how to stop it. */
export interface LocalSite {
  url: string;
  close(): Promise<void>;
}

/** Starts a site whose requests `answer` answers, on a free port of 127.0.0.1. */
export async function startLocalSite(answer: http.RequestListener): Promise<LocalSite> {
  const server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
