import { expect, type Page, test } from '@playwright/test';
import { linkInMailTo } from '../mail-sink';
import { uniqueEmail } from './helpers';
import { createPostThroughApi, dayLabel, localDate, parisInstant, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

function day(page: Page, date: string) {
  return page.getByRole('main').getByRole('listitem', { name: dayLabel(date) });
}

test('the owner invites an editor, who signs up from the e-mailed link, accepts and sees the workspace', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, 'Olivia Owner');
  const date = localDate(2);
  await createPostThroughApi(page, {
    content: 'Shared launch post for the team',
    platforms: ['mastodon'],
    action: 'schedule',
    scheduledAt: parisInstant(date, '10:30'),
  });

  const email = uniqueEmail('invitee');
  await page.goto('/settings/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('editor');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invitation-row').filter({ hasText: email })).toContainText('Editor');

  // The invitee opens the link from the e-mail in their own browser.
  const mailDir = String(process.env.E2E_MAIL_DIR);
  let link: string | undefined;
  await expect.poll(() => (link = linkInMailTo(mailDir, email)), { timeout: 15_000 }).toBeTruthy();
  const invitee = await (await browser.newContext({ timezoneId: TIME_ZONE, locale: 'en-US' })).newPage();
  await invitee.goto(new URL(link!).pathname);
  await expect(invitee.getByRole('heading', { name: /^Join Olivia's workspace$/ })).toBeVisible();
  await expect(invitee.getByText(`Olivia Owner invited ${email} to join as Editor.`)).toBeVisible();

  await invitee.getByRole('link', { name: 'Sign up to accept' }).click();
  await expect(invitee.getByLabel('Email')).toHaveValue(email);
  await invitee.getByLabel('Full name').fill('Eddie Editor');
  await invitee.getByLabel('Password').fill('correct-horse-battery');
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await expect(invitee).toHaveURL(/\/login$/);
  await expect(invitee.getByLabel('Email')).toHaveValue(email);
  await invitee.getByLabel('Password').fill('correct-horse-battery');
  await invitee.getByRole('button', { name: 'Sign in' }).click();

  // Back on the invitation after signing in.
  await expect(invitee).toHaveURL(/\/invite\//);
  await invitee.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(invitee.getByText('Welcome! You joined the workspace.')).toBeVisible();
  await expect(invitee).toHaveURL(/\/dashboard$/);

  await invitee.goto('/calendar');
  await expect(
    day(invitee, date).getByRole('link', { name: /Shared launch post for the team/ }),
  ).toBeVisible();

  // The owner sees the new member with their role; the link now says it was used.
  await page.reload();
  await expect(page.getByTestId('member-row').filter({ hasText: email })).toBeVisible();
  await expect(page.getByTestId('invitation-row')).toHaveCount(0);
  await invitee.goto(new URL(link!).pathname);
  await expect(
    invitee.getByRole('alert').filter({ hasText: 'This invitation has already been used.' }),
  ).toBeVisible();

  // The owner makes them a contributor: the studio (stream keys, going live) is then closed to them, with why.
  await page.getByLabel('Role of Eddie Editor').selectOption('contributor');
  await expect(page.getByText('Role changed.', { exact: true })).toBeVisible();
  await invitee.goto('/streaming');
  await expect(invitee.getByTestId('role-gate')).toHaveText(
    'Your role (Contributor) cannot do this: go live and manage stream destinations and keys. Ask a workspace owner or admin.',
  );
  // The server refuses the stream keys themselves, whatever the page shows.
  const keys = await invitee.request.get('/api/streaming/ingest');
  expect(keys.status()).toBe(403);
});
