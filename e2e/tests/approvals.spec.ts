import { expect, test } from '@playwright/test';
import { linkInMailTo } from '../mail-sink';
import { connectMastodon, localDate, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

/** The local date and HH:mm, in TIME_ZONE, of the next whole minute at least `seconds` away. */
function minutesAhead(seconds: number): { date: string; time: string } {
  const at = new Date(Date.now() + seconds * 1000 + 60_000);
  at.setSeconds(0, 0);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(at);
  return { date: day === today ? localDate(0) : localDate(1), time };
}

test("a contributor's post waits for approval, the owner approves it in /approvals, and it is published", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signInAsNewUser(page, 'Olga Owner');
  await connectMastodon(page);

  // The owner invites a contributor, who signs in and accepts from the e-mailed link.
  const contributorContext = await browser.newContext({ timezoneId: TIME_ZONE, locale: 'en-US' });
  const contributor = await contributorContext.newPage();
  const { email } = await signInAsNewUser(contributor, 'Carl Contributor');
  const invited = await page.request.post('/api/workspaces/current/invitations', {
    data: { email, role: 'contributor' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const mailDir = String(process.env.E2E_MAIL_DIR);
  let link: string | undefined;
  await expect.poll(() => (link = linkInMailTo(mailDir, email)), { timeout: 15_000 }).toBeTruthy();
  await contributor.goto(new URL(link!).pathname);
  await contributor.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(contributor).toHaveURL(/\/dashboard$/);

  // The contributor writes a post: the composer offers "Submit for approval", not Schedule or Publish now.
  await contributor.goto('/post-composer');
  await contributor.getByRole('button', { name: 'Mastodon', exact: true }).click();
  await expect(contributor.getByRole('checkbox', { name: /^@masto\d+/ })).toBeChecked();
  const text = `Contributor post for approval ${Date.now()}`;
  await contributor.getByLabel('Post text').fill(text);
  // At least 30 s ahead, for the submission to be in the future; an approval that comes after the time publishes
  // at once, so the test waits 30-90 s for its minute rather than 90-150.
  const { date, time } = minutesAhead(30);
  await contributor.getByLabel('Date').fill(date);
  await contributor.getByLabel('Time').fill(time);
  await expect(contributor.getByRole('button', { name: 'Publish now' })).toHaveCount(0);
  await contributor.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(contributor.getByText('Submitted for approval')).toBeVisible();

  // The owner finds it in the approval queue and approves it.
  await page.goto('/approvals');
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible({ timeout: 20_000 });
  const card = page.getByRole('article').filter({ hasText: text });
  await expect(card.getByRole('heading', { name: 'From Carl Contributor' })).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Post approved')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(0);

  // It is published to the Mastodon fake at its time, with the approved text.
  const posts = await page.request.get('/api/posts?status=scheduled,publishing,published');
  const post = ((await posts.json()) as { posts: { id: string; content: string }[] }).posts.find(
    (candidate) => candidate.content === text,
  );
  expect(post).toBeTruthy();
  await page.goto(`/post-composer?post=${post!.id}`);
  const destinations = page.getByRole('list', { name: 'Destinations' });
  await expect(destinations.getByText('Published', { exact: true })).toBeVisible({ timeout: 200_000 });
  await expect(destinations.getByRole('link', { name: 'View on Mastodon' })).toBeVisible();
  await contributorContext.close();
});
