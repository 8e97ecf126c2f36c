import { expect, type Page, test } from '@playwright/test';
import { expectSectionSaved, gotoSettings, seriousViolations } from './helpers';
import { localDate, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

// docs/decisions/0078-settings-save-as-you-go-and-week-start.md: no Save button, each change saved as it is made,
// the language applied at once, and weeks that start where the language says unless the user picks a day.

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The first day (YYYY-MM-DD) of the week that holds today, for a week starting on `weekStartsOn` (0 Sunday). */
function weekStartDate(weekStartsOn: number): string {
  const today = localDate(0);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return localDate(-((weekday - weekStartsOn + 7) % 7));
}

/** The calendar's first week, named by its first day in the interface's language ("Woche vom 23. November"). */
function firstWeek(page: Page, label: string, language: string, date: string) {
  const day = new Intl.DateTimeFormat(language, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
  return page.getByRole('region', { name: `${label} ${day}` });
}

async function pageWidth(page: Page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
}

for (const size of WIDTHS) {
  test(`settings save as you go; German weeks start on Monday unless Sunday is chosen (${size.name})`, async ({
    page,
  }, testInfo) => {
    // Every setting saved and read back: 56 s on a busy 2-core host against 60.
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await signInAsNewUser(page);
    await page.goto('/calendar');
    await expect(firstWeek(page, 'Week of', 'en-US', weekStartDate(0))).toBeVisible();

    await gotoSettings(page);
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await page.getByRole('switch', { name: 'Stream notifications' }).click();
    await expectSectionSaved(page, 'Notifications');

    // German: the page turns German in the same click, and "As the language does" now means Monday.
    await page.getByLabel('Language', { exact: true }).selectOption('de');
    await expect(page.getByRole('heading', { name: 'Sprache & Region' })).toBeVisible();
    await expectSectionSaved(page, 'Sprache & Region');
    const weekStart = page.getByLabel('Erster Tag der Woche');
    await expect(weekStart.locator('option:checked')).toHaveText('Wie die Sprache (Montag)');
    const width = await pageWidth(page);
    expect(width.scroll).toBeLessThanOrEqual(width.inner);
    await page.screenshot({ path: testInfo.outputPath(`settings-${size.name}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/calendar');
    await expect(firstWeek(page, 'Woche vom', 'de', weekStartDate(1))).toBeVisible();

    // The user's choice wins over the language, and is kept on the server.
    await page.goto('/settings');
    await page.getByLabel('Erster Tag der Woche').selectOption('sunday');
    await expectSectionSaved(page, 'Sprache & Region');
    await page.goto('/calendar');
    await expect(firstWeek(page, 'Woche vom', 'de', weekStartDate(0))).toBeVisible();
    const stored = (await (await page.request.get('/api/settings')).json()) as {
      region: { language: string; weekStart: string };
      notifications: { streamNotifications: boolean };
    };
    expect(stored.region).toMatchObject({ language: 'de', weekStart: 'sunday' });
    expect(stored.notifications.streamNotifications).toBe(false);
  });
}
