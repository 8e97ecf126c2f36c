import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectSectionSaved, gotoSettings } from './helpers';
import { createPostThroughApi, localDate, parisInstant, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

// Per docs/decisions/0039-i18n.md: "switch to Français and PST and see the calendar and composer change". The expected words are read
// from the catalogs the app ships, so the test checks that the interface uses them, not one wording.
const LOCALES = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'public', 'locales');

function catalog(language: string, namespace: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8'));
}

/** The translation of an English key, with its {{placeholders}} filled. */
function tr(language: string, namespace: string, key: string, values: Record<string, string> = {}): string {
  const text = catalog(language, namespace)[key] ?? catalog(language, 'common')[key];
  if (!text) throw new Error(`${language}/${namespace} has no "${key}"`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

test.describe('a signed-in user', () => {
  test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

  test('choosing Français and PST turns the app French and the calendar and composer to Pacific time', async ({
    page,
  }) => {
    await signInAsNewUser(page);
    const instant = parisInstant(localDate(3), '15:00');
    const post = await createPostThroughApi(page, {
      content: 'Bonjour le monde',
      platforms: ['twitter'],
      action: 'schedule',
      scheduledAt: instant,
    });

    await gotoSettings(page);
    await page.getByLabel('Language', { exact: true }).selectOption('fr');
    // The interface switches as soon as the language is picked, without a Save button or a reload.
    await expect(
      page.getByRole('heading', { name: tr('fr', 'settings', 'Language & Region'), exact: true }),
    ).toBeVisible();
    await page.getByLabel(tr('fr', 'settings', 'Timezone')).selectOption('PST');
    await expectSectionSaved(page, tr('fr', 'settings', 'Language & Region'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await page.goto('/calendar');
    const nav = page.getByRole('navigation', { name: tr('fr', 'common', 'App') });
    await expect(nav.getByRole('link', { name: tr('fr', 'common', 'Calendar') })).toBeVisible();
    await expect(nav.getByRole('link', { name: tr('fr', 'common', 'Settings') })).toBeVisible();
    // Month names come from the language too.
    const month = new Intl.DateTimeFormat('fr', { month: 'long', timeZone: 'America/Los_Angeles' }).format(
      new Date(instant),
    );
    await expect(page.getByText(new RegExp(month, 'i')).first()).toBeVisible();

    await page.goto(`/post-composer?post=${encodeURIComponent(post.id)}`);
    await expect(page.getByLabel(tr('fr', 'composer', 'Post text'))).toHaveValue('Bonjour le monde');
    const pacificDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
      new Date(instant),
    );
    await expect(page.getByLabel(tr('fr', 'common', 'Date'), { exact: true })).toHaveValue(pacificDate);
    await expect(
      page.getByText(
        tr('fr', 'common', 'Times are in your time zone, {{zone}}.', { zone: 'America/Los Angeles' }),
      ),
    ).toBeVisible();

    // A reload keeps French, and so does the public site (the choice is remembered in this browser).
    await page.goto('/');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: tr('fr', 'home', 'Supercharge your social media with an AI-powered tool'),
      }),
    ).toBeVisible();
  });
});

test.describe('a visitor whose browser prefers German', () => {
  test.use({ locale: 'de-DE' });

  test('gets the public site in German, and the footer switches it to English', async ({ page }) => {
    await page.goto('/');
    const german = tr('de', 'home', 'Supercharge your social media with an AI-powered tool');
    await expect(page.getByRole('heading', { level: 1, name: german })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    await page.getByLabel(tr('de', 'common', 'Language')).selectOption('en');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Supercharge your social media with an AI-powered tool' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Remembered: the next page opens in English although the browser prefers German.
    await page.goto('/pricing');
    await expect(page.getByLabel('Language')).toHaveValue('en');
  });
});
