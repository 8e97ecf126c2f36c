import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

/** Connects an X account on the platform fake (which serves a few seeded comments and a message). */
async function connectX(page: Page) {
  await page.goto('/connected-accounts');
  await page.getByRole('button', { name: 'Connect X (Twitter)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'X (Twitter) account connected.' })).toBeVisible();
}

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

test('reads the inbox, replies to a comment, and the item and the Response Rate card follow', async ({
  page,
}) => {
  await signInAsNewUser(page, 'Eve Engager');
  await page.goto('/engagement');
  await expect(page.getByRole('heading', { name: 'Engagement', level: 1 })).toBeVisible();
  // No inbound items yet: the cards say so rather than showing 0% or a made-up figure.
  await expect(card(page, 'Total Likes')).toContainText('0');
  await expect(card(page, 'Response Rate')).toContainText('No inbound items in this period');
  await expect(card(page, 'Avg Response Time')).toContainText('No inbound items in this period');

  await connectX(page);
  await page.goto('/engagement');
  await page.getByRole('button', { name: 'Refresh' }).click();
  // The background sweep may have fetched some of them already: what matters is the three items, once each.
  await expect(page.getByText(/Inbox refreshed: \d new items?/)).toBeVisible();
  const inbox = page.getByRole('list', { name: 'Inbox items' });
  await expect(inbox.getByRole('listitem')).toHaveCount(3);
  // Newest first.
  await expect(inbox.getByRole('listitem').first()).toContainText('Hi! Do you offer team plans?');
  await expect(card(page, 'Response Rate')).toContainText('0%');

  // A second Refresh finds nothing new and duplicates nothing.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('Inbox refreshed: 0 new items')).toBeVisible();
  await expect(inbox.getByRole('listitem')).toHaveCount(3);

  // Filter: comments only.
  await page.getByLabel('Type').selectOption('comment');
  await expect(inbox.getByRole('listitem')).toHaveCount(2);

  await inbox.getByRole('button', { name: /Loved the demo video/ }).click();
  const selected = page.getByRole('region', { name: 'Selected item' });
  await expect(selected.getByRole('heading', { name: /^Comment from @/ })).toBeVisible();
  // The action panel lists the connected network, named as the app names it, not the unconnected ones.
  const actions = page.getByRole('region', { name: 'Platform actions' });
  await expect(actions.getByRole('group', { name: 'X (Twitter)' })).toBeVisible();
  await expect(actions.getByRole('group', { name: 'Instagram' })).toHaveCount(0);
  // The Comments card says what came in beside what was posted.
  await expect(card(page, 'Comments')).toContainText('2 received, 2 unanswered');

  await selected.getByLabel('Your reply or message').fill(`Thank you so much! ${Date.now()}`);
  await selected.getByRole('button', { name: 'Reply on X (Twitter)' }).click();
  await expect(page.getByText('Posted reply on Twitter')).toBeVisible();
  await expect(selected.getByText('Status: Answered')).toBeVisible();
  await expect(inbox.getByRole('button', { name: /Loved the demo video/ })).toContainText('Answered');
  await expect(card(page, 'Response Rate')).toContainText('33.3%');
  await expect(card(page, 'Comments')).toContainText('1');
  await expect(card(page, 'Avg Response Time')).toContainText('min');

  await selected.getByRole('button', { name: 'Like on X (Twitter)' }).click();
  await expect(page.getByText('Liked tweet')).toBeVisible();
  await expect(card(page, 'Total Likes')).toContainText('1');

  await selected.getByRole('button', { name: 'Mark done' }).click();
  await expect(selected.getByText('Status: Done')).toBeVisible();

  // Accessibility of the filled page with an item open (after a reload, so no toast is animating).
  await page.reload();
  await inbox.getByRole('button', { name: /Loved the demo video/ }).click();
  await expect(selected.getByText('Status: Done')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('refuses the 61st like in an hour with the rate-limit message', async ({ page }) => {
  await signInAsNewUser(page, 'Lee Liker');
  await connectX(page);
  await page.goto('/engagement');
  await page.getByRole('button', { name: 'Refresh' }).click();
  const inbox = page.getByRole('list', { name: 'Inbox items' });
  await inbox.getByRole('button', { name: /Congrats on the launch/ }).click();

  // 60 likes through the API (the same session), then the 61st from the page.
  const session = await (await page.request.get('/api/auth/get-session')).json();
  const items = await (await page.request.get('/api/engagement/inbox?kind=comment')).json();
  const itemId = items.items[0].id;
  for (let i = 0; i < 60; i += 1) {
    const res = await page.request.post('/api/engagement/actions', {
      data: { userId: session.user.id, action: 'like', platform: 'twitter', itemId },
    });
    expect(res.status()).toBe(201);
  }
  await page
    .getByRole('region', { name: 'Selected item' })
    .getByRole('button', { name: 'Like on X (Twitter)' })
    .click();
  await expect(page.getByText('Rate limit exceeded for like')).toBeVisible();
});

test('shows the failure toast and a Retry when the metrics cannot be loaded', async ({ page }) => {
  await signInAsNewUser(page, 'Fay Fail');
  let fail = true;
  await page.route('**/api/engagement/metrics**', (route) =>
    fail ? route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'boom' } }) : route.continue(),
  );
  await page.goto('/engagement');
  await expect(page.getByText('Failed to load engagement metrics').first()).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(card(page, 'Total Likes')).toBeVisible();
});

test('axe: the engagement page in dark mode, cards and empty inbox', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAsNewUser(page, 'Dee Dark');
  await page.goto('/engagement');
  await expect(card(page, 'Response Rate')).toContainText('No inbound items in this period');
  await expect(page.getByText('Nothing here yet.', { exact: false })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
