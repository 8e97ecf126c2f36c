import { expect, test } from '@playwright/test';
import { createPostThroughApi, seriousViolations, TIME_ZONE } from './post-helpers';
import { signInAsNewUser } from './session';

test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });

test('creates a second workspace from the switcher, works in it empty, renames it and deletes it by its name', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, 'Wendy Switcher');
  await createPostThroughApi(page, {
    content: 'A draft in my first workspace',
    platforms: ['mastodon'],
    action: 'draft',
  });

  await page.goto('/drafts');
  await expect(page.getByText('A draft in my first workspace')).toBeVisible({ timeout: 20_000 });
  const switcher = page.getByTestId('workspace-switcher');
  await expect(switcher).toContainText("Wendy's workspace");

  // Create a second workspace in the switcher's dialog: the app moves to it and shows its (empty) data.
  await switcher.click();
  const dialog = page.getByRole('dialog', { name: 'Workspaces' });
  await expect(dialog.getByRole('button', { name: /Wendy's workspace/ })).toContainText('Owner');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('New workspace name').fill('Client Orbit');
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByText('Workspace created.', { exact: true })).toBeVisible();
  await expect(switcher).toContainText('Client Orbit');
  await expect(page.getByText('No drafts yet')).toBeVisible();
  await expect(page.getByText('A draft in my first workspace')).toHaveCount(0);

  // Switching back shows the first workspace's draft again; then back to the new one.
  await switcher.click();
  await dialog.getByRole('button', { name: /Wendy's workspace/ }).click();
  await expect(switcher).toContainText("Wendy's workspace");
  await expect(page.getByText('A draft in my first workspace')).toBeVisible();
  await switcher.click();
  await dialog.getByRole('button', { name: /Client Orbit/ }).click();
  await expect(switcher).toContainText('Client Orbit');
  await expect(page.getByText('No drafts yet')).toBeVisible();

  // Rename it in Settings → Workspace.
  await page.goto('/settings/workspace');
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace' })).toBeVisible({ timeout: 20_000 });
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue('Client Orbit');
  expect(await seriousViolations(page)).toEqual([]);
  await name.fill('Client Nova');
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText('Workspace renamed.', { exact: true })).toBeVisible();
  await expect(switcher).toContainText('Client Nova');

  // Delete it: the button stays disabled until the exact name is typed.
  await page.getByRole('button', { name: 'Delete workspace' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Client Nova?' });
  const submit = confirm.getByRole('button', { name: 'Delete workspace' });
  await confirm.getByLabel('Workspace name').fill('client nova');
  await expect(submit).toBeDisabled();
  await confirm.getByLabel('Workspace name').fill('Client Nova');
  await submit.click();
  await expect(page.getByText('Workspace deleted.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(switcher).toContainText("Wendy's workspace");
  await switcher.click();
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
});
