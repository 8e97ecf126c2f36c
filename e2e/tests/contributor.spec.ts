import { expect, type Page, test } from '@playwright/test';
import { linkInMailTo } from '../mail-sink';
import { signInAsNewUser } from './session';

/** Every API answer of 400 or more the page receives from now on. */
function refusedRequests(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      refused.push(`${response.status()} ${url.pathname}`);
    }
  });
  return refused;
}

test('a contributor is offered only what the role allows, and the pages ask for nothing it refuses', async ({
  page,
  browser,
}) => {
  await signInAsNewUser(page, 'Olga Owner');
  const context = await browser.newContext();
  const contributor = await context.newPage();
  const { email } = await signInAsNewUser(contributor, 'Carl Contributor');
  const invited = await page.request.post('/api/workspaces/current/invitations', {
    data: { email, role: 'contributor' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  let link: string | undefined;
  const mailDir = String(process.env.E2E_MAIL_DIR);
  await expect.poll(() => (link = linkInMailTo(mailDir, email)), { timeout: 15_000 }).toBeTruthy();
  await contributor.goto(new URL(link!).pathname);
  await contributor.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(contributor).toHaveURL(/\/dashboard$/);

  const refused = refusedRequests(contributor);
  // No Go Live card on the dashboard: a contributor may not stream.
  await contributor.reload();
  const quickActions = contributor.getByRole('main').getByRole('link', { name: /Create Post/ });
  await expect(quickActions.first()).toBeVisible();
  await expect(contributor.getByRole('main').getByRole('link', { name: /^Go Live/ })).toHaveCount(0);

  // The studio, opened directly, says why instead of asking for stream keys it would be refused.
  await contributor.goto('/streaming');
  await expect(contributor.getByTestId('role-gate')).toContainText('Your role (Contributor) cannot do this');

  // The composer tells whom to ask for an account rather than linking to a screen the role cannot use.
  await contributor.goto('/post-composer');
  await contributor.getByRole('button', { name: 'Mastodon', exact: true }).click();
  await expect(
    contributor.getByText(/No connected Mastodon account: ask a workspace owner or admin to connect one/),
  ).toBeVisible();
  await expect(contributor.getByRole('link', { name: 'Connect one' })).toHaveCount(0);
  expect(refused).toEqual([]);
  await context.close();
});
