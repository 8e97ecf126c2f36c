import { expect, test } from '@playwright/test';
import { closeToast, type LocalSite, seriousViolations, startLocalSite } from './helpers';
import { signInAsNewUser } from './session';

/**
 * Feeds (docs/feeds.md): a feed served by a site this spec starts (the e2e server allows private addresses) is added
 * from the page linked beside Bulk import; "Check now" makes a draft of its newest item only, which the drafts list
 * then shows.
 */
let site: LocalSite;

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>Harbour notes</title>
<item><title>Boats back in the harbour</title><link>https://harbour.example/boats</link><guid>b2</guid>
<pubDate>Wed, 25 Nov 2026 10:00:00 GMT</pubDate><description>&lt;p&gt;The fleet returned.&lt;/p&gt;</description></item>
<item><title>An older note</title><link>https://harbour.example/old</link><guid>b1</guid>
<pubDate>Mon, 23 Nov 2026 10:00:00 GMT</pubDate></item>
</channel></rss>`;

test.beforeAll(async () => {
  site = await startLocalSite((request, response) => {
    if (request.url === '/feed.xml')
      response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(RSS);
    else response.writeHead(404).end();
  });
});
test.afterAll(async () => {
  await site.close();
});

test('add a feed, check it now, and find its newest item as a draft', async ({ page }) => {
  await signInAsNewUser(page, 'Fern Feeds');
  await page.goto('/drafts');
  await page.getByRole('link', { name: 'Feeds' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Feeds' })).toBeVisible();
  await expect(page.getByText('No feeds yet.')).toBeVisible();

  await page.getByLabel('Feed address').fill(`${site.url}/feed.xml`);
  await page.getByRole('button', { name: 'Add feed' }).click();
  await expect(page.getByText('Feed added')).toBeVisible();
  const card = page.getByRole('article', { name: `${site.url}/feed.xml` });
  await expect(card.getByText('Not checked yet.')).toBeVisible();

  await card.getByLabel('Post text').fill('{title}: {summary} {link}');
  await card.getByLabel('Post text').blur();
  await expect(card.getByRole('status')).toHaveText('Saved');
  await card.getByRole('button', { name: 'Check now' }).click();
  const checked = page.getByRole('article', { name: 'Harbour notes' });
  await expect(checked).toContainText('2 items found · 1 new post');
  await checked.getByText('Latest items').click();
  await expect(checked.getByRole('listitem').filter({ hasText: 'Boats back in the harbour' })).toContainText(
    'Post made',
  );
  await closeToast(page, 'Feed added');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/drafts');
  await expect(
    page.getByText('Boats back in the harbour: The fleet returned. https://harbour.example/boats'),
  ).toBeVisible();
  await expect(page.getByText('An older note')).toHaveCount(0);
});

test('with "Rewrite each item with AI", the newest item’s draft is the AI’s text with the item’s link', async ({
  page,
}) => {
  await signInAsNewUser(page, 'Ivo Rewrite');
  await page.goto('/feeds');
  await page.getByLabel('Feed address').fill(`${site.url}/feed.xml`);
  await page.getByRole('button', { name: 'Add feed' }).click();
  const card = page.getByRole('article', { name: `${site.url}/feed.xml` });
  await card.getByLabel('Rewrite each item with AI').check();
  await expect(card.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await card.getByLabel('Instruction to the AI (optional)').fill('Sound like a harbour master.');
  await card.getByLabel('Instruction to the AI (optional)').blur();
  await expect(card.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await card.getByRole('button', { name: 'Check now' }).click();
  const checked = page.getByRole('article', { name: 'Harbour notes' });
  await expect(checked).toContainText('2 items found · 1 new post');
  await expect(checked.getByRole('alert')).toHaveCount(0);

  await page.goto('/drafts');
  // The e2e AI fake answers every request with the same post (e2e/global-setup.ts); the item's link is added back.
  await expect(
    page.getByRole('article', {
      name: 'Our launch is live: open source, self-hosted, yours. #opensource https://harbour.example/boats',
    }),
  ).toBeVisible();
  await expect(page.getByText('Boats back in the harbour https://harbour.example/boats')).toHaveCount(0);
});
