import { expect, type Page, test } from '@playwright/test';
import { createPostThroughApi, dayLabel, localDate, parisInstant, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

// The rough edges a new user hit in docs/decisions/0026-rough-edges-layout.md: each one at a desktop and a phone width where it is about layout.

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function pageWidth(page: Page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
}

const LONG_LINK =
  'https://www.linkedin.com/pulse/how-we-cut-our-publishing-time-in-half-relaycast-team?utm_source=newsletter&utm_medium=email&utm_campaign=spring_launch_2026&trackingId=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';

for (const size of WIDTHS) {
  test(`a long link in the composer wraps instead of widening the page (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInAsNewUser(page);
    await page.goto('/post-composer');
    await page.getByRole('button', { name: 'LinkedIn', exact: true }).click();
    await page.getByLabel('Post text').fill(`Read how we did it: ${LONG_LINK}`);
    const preview = page.getByRole('tabpanel');
    await expect(preview).toContainText('utm_campaign=spring_launch_2026');
    const width = await pageWidth(page);
    expect(width.scroll).toBeLessThanOrEqual(width.inner);
    const box = await preview.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(width.inner);
  });

  test(`toasts cover no navigation (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInAsNewUser(page);
    await page.goto('/post-composer');
    await page.getByRole('button', { name: 'X (Twitter)', exact: true }).click();
    await page.getByLabel('Post text').fill('A toast must not hide the way out');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const saved = page.getByRole('listitem').filter({ hasText: 'Draft saved' });
    await expect(saved).toBeVisible();
    await expectClearOf(saved, page.getByRole('banner'));
    if (size.width >= 1024)
      await expectClearOf(saved, page.getByRole('navigation', { name: 'App', exact: true }));

    // Signing out lands on the home page with "Signed out." while Log in and Get Started are in the header.
    if (size.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    const signedOut = page.getByRole('listitem').filter({ hasText: 'Signed out.' });
    await expect(signedOut).toBeVisible();
    await expectClearOf(signedOut, page.getByRole('banner'));
    if (size.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    await expectClearOf(signedOut, page.getByRole('banner').getByRole('link', { name: 'Get Started' }));
  });
}

/** The toast's box and the other element's box do not overlap. */
async function expectClearOf(toast: ReturnType<Page['locator']>, other: ReturnType<Page['locator']>) {
  const [a, b] = [await toast.boundingBox(), await other.boundingBox()];
  expect(a).not.toBeNull();
  expect(b).not.toBeNull();
  if (!a || !b) return;
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps, `toast at ${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(false);
}

test('the login and sign-up pages log no warning or error in the console', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // Reached by a link too, not only as the first page loaded.
  await page.getByRole('link', { name: 'Log in' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  expect(messages).toEqual([]);
});

test('calendar cards at 1440 px: time, icons and one line; the whole text and the error on hover and focus', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsNewUser(page);
  const tomorrow = localDate(1);
  const longText =
    'Our spring collection is here with twenty new pieces, free shipping all weekend and a live Q&A on Friday where the designers answer every question you send us';
  await createPostThroughApi(page, {
    content: longText,
    platforms: ['linkedin', 'twitter', 'facebook'],
    action: 'schedule',
    scheduledAt: parisInstant(tomorrow, '10:30'),
  });
  // Published now without a Facebook account: it fails with the platform's reason.
  const created = await page.request.post('/api/posts', {
    data: {
      content: 'This one cannot reach Facebook',
      platforms: ['facebook'],
      overrides: {},
      mediaIds: [],
      timezone: TIME_ZONE,
      action: 'now',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const failing = (await created.json()) as { id: string };
  let error = '';
  await expect(async () => {
    const post = await (await page.request.get(`/api/posts/${failing.id}`)).json();
    error = post.targets[0]?.lastError ?? '';
    expect(post.status).toBe('failed');
    expect(error).not.toBe('');
  }).toPass({ timeout: 20_000 });
  const stream = await page.request.post('/api/scheduled-streams', {
    data: {
      title: 'Spring collection launch with the whole design team and guests',
      description: 'Questions from the audience',
      scheduledAt: parisInstant(tomorrow, '09:00'),
      timezone: TIME_ZONE,
      destinationIds: [],
    },
  });
  expect(stream.ok(), await stream.text()).toBe(true);

  await page.goto('/calendar');
  const day = page.getByRole('main').getByRole('listitem', { name: dayLabel(tomorrow) });
  const card = day.getByRole('link', { name: /Our spring collection is here/ });
  await expect(card).toContainText('10:30 AM');
  for (const platform of ['LinkedIn', 'X (Twitter)', 'Facebook']) {
    await expect(card.getByRole('img', { name: platform })).toBeVisible();
  }
  // One line, cut: the end of the text is not on the card.
  const line = card.locator('[data-slot="first-line"]');
  const shape = await line.evaluate((element) => ({
    height: element.clientHeight,
    lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
    isCut: element.scrollWidth > element.clientWidth,
  }));
  expect(shape.height).toBeLessThan(shape.lineHeight * 1.5);
  expect(shape.isCut).toBe(true);
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // Hover shows the whole text; leaving hides it.
  await card.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('the designers answer every question you send us');
  await page.mouse.move(5, 5);
  await expect(tooltip).toHaveCount(0);

  // The keyboard reaches it too: Tab to the card, the tooltip describes it; Escape hides it.
  await day.getByRole('button', { name: /^Create a post on/ }).focus();
  for (let i = 0; i < 6 && !(await card.evaluate((element) => element === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(card).toBeFocused();
  await expect(tooltip).toBeVisible();
  await expect(card).toHaveAccessibleDescription(/the designers answer every question you send us/);
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);

  // A failed post shows a mark on the card and the platform's reason in its tooltip, not cut on the card.
  const failedCard = page.getByRole('main').getByRole('link', { name: /This one cannot reach Facebook/ });
  await expect(failedCard).not.toContainText(error);
  await failedCard.hover();
  await expect(tooltip).toContainText(`Facebook: ${error}`);
  await page.mouse.move(5, 5);

  // The LIVE STREAM badge stays inside its card.
  const streamCard = day.getByRole('link', { name: /Spring collection launch/ });
  const badge = streamCard.locator('[data-slot="live-badge"]');
  await expect(badge).toHaveText('Live stream');
  const [cardBox, badgeBox] = [await streamCard.boundingBox(), await badge.boundingBox()];
  expect(cardBox && badgeBox).toBeTruthy();
  if (cardBox && badgeBox) {
    expect(badgeBox.x).toBeGreaterThanOrEqual(cardBox.x);
    expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  }
  await streamCard.hover();
  await expect(tooltip).toContainText('Questions from the audience');
  const width = await pageWidth(page);
  expect(width.scroll).toBeLessThanOrEqual(width.inner);
});

test('the home page prompt becomes the AI assistant’s prompt and preselects the platform it names', async ({
  page,
}) => {
  await signInAsNewUser(page);
  await page.goto('/');
  const prompt = 'A LinkedIn post about our spring webinar';
  await page.getByLabel('What would you like to create?').fill(prompt);
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page).toHaveURL(/\/create-post$/);

  const assistant = page.getByRole('region', { name: 'AI assistant' });
  await expect(assistant.getByLabel('What should the post say?')).toHaveValue(prompt);
  await expect(assistant.getByRole('checkbox', { name: 'LinkedIn' })).toBeChecked();
  await expect(assistant.getByRole('checkbox', { name: 'X (Twitter)' })).not.toBeChecked();
  // The prompt is not the post: the post text stays empty for what the assistant writes.
  await expect(page.getByLabel('Post text')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'LinkedIn', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
