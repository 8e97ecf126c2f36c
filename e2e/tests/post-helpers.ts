import { expect, type Page } from '@playwright/test';

/** The browser's time zone in the post specs: Paris, so local dates and times differ from UTC. */
export const TIME_ZONE = 'Europe/Paris';

/** Today plus `days` as a calendar date (YYYY-MM-DD) in TIME_ZONE. */
export function localDate(days = 0, now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days, 12)).toISOString().slice(0, 10);
}

/** The accessible name of a calendar day cell, e.g. "Tuesday, March 3". */
export function dayLabel(date: string): RegExp {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const label = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d, 12)));
  return new RegExp(`^${label}(, today)?$`);
}

/** The UTC instant of a local date and time in TIME_ZONE (the offset read back from Intl). */
export function parisInstant(date: string, time: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const zoned = new Date(new Date(guess).toLocaleString('en-US', { timeZone: TIME_ZONE }));
  const utc = new Date(new Date(guess).toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(guess - (zoned.getTime() - utc.getTime())).toISOString();
}

/** The local HH:mm of an instant in TIME_ZONE. */
export function parisTime(instant: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(
    new Date(instant),
  );
}

/** Creates a post through the API as the signed-in user of `page`. */
export async function createPostThroughApi(
  page: Page,
  input: {
    content: string;
    platforms: string[];
    action: 'draft' | 'schedule';
    scheduledAt?: string;
    mediaIds?: string[];
  },
): Promise<{ id: string; scheduledAt: string | null }> {
  const response = await page.request.post('/api/posts', {
    data: { overrides: {}, mediaIds: [], timezone: TIME_ZONE, ...input },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; scheduledAt: string | null };
}

/** The fake Mastodon instance the e2e platform fakes start (e2e/platforms.fake.ts). */
export const mastodonUrl = () => `http://127.0.0.1:${process.env.E2E_MASTODON_PORT}`;

/** Connects a Mastodon account on the fake instance through the Connected accounts screen. */
export async function connectMastodon(page: Page) {
  await page.goto('/connected-accounts');
  await page.getByRole('button', { name: 'Connect Mastodon' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Mastodon' });
  await dialog.getByLabel('Instance URL').fill(mastodonUrl());
  await dialog.getByRole('button', { name: 'Continue to Mastodon' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mastodon account connected.' })).toBeVisible();
}

export { seriousViolations } from './helpers';
