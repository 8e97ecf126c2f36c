import { expect, test } from '@playwright/test';
import { expectSectionSaved, gotoSettings } from './helpers';
import { signInAsNewUser } from './session';

// The server talks to the fake OpenAI-compatible provider started by e2e/global-setup.ts, which streams
// "Our launch is live: open source, self-hosted, yours. #opensource" a token every 150 ms.
const FULL_TEXT = 'Our launch is live: open source, self-hosted, yours. #opensource';

test('a prompt from the home page becomes a streamed post that is used and saved as a draft', async ({
  page,
}) => {
  await signInAsNewUser(page);
  await page.goto('/');
  await page.getByLabel('What would you like to create?').fill('Announce our open-source launch');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page).toHaveURL(/\/create-post$/);

  const assistant = page.getByRole('region', { name: 'AI assistant' });
  await expect(assistant.getByLabel('What should the post say?')).toHaveValue(
    'Announce our open-source launch',
  );
  await expect(assistant.getByRole('checkbox', { name: 'X (Twitter)' })).toBeChecked();
  // Every text the live region shows is recorded in the page as it renders, so a slow test runner cannot
  // miss the partial states (reading the text once after a wait raced the stream on a loaded CI machine).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenTexts: string[] }).seenTexts = seen;
    new MutationObserver(() => {
      const output = document.querySelector('output[aria-label="Text for X (Twitter)"]');
      const text = output?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await assistant.getByRole('button', { name: 'Generate', exact: true }).click();

  // Tokens appear while the provider is still writing: Stop is offered and the text is partial.
  const live = assistant.getByRole('status', { name: 'Text for X (Twitter)' });
  await expect(assistant.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(live).toContainText('Our launch');

  const variant = assistant.getByRole('textbox', { name: 'Text for X (Twitter)' });
  await expect(variant).toHaveValue(FULL_TEXT);
  await expect(assistant.getByRole('button', { name: 'Generate', exact: true })).toBeVisible();
  const seenTexts = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
  const partial = seenTexts.filter((text) => text.includes('Our') && !text.includes('#opensource'));
  expect(partial.length, `texts shown while writing: ${JSON.stringify(seenTexts)}`).toBeGreaterThanOrEqual(2);

  await assistant.getByRole('button', { name: 'Use for X (Twitter)' }).click();
  await expect(page.getByLabel('Post text')).toHaveValue(FULL_TEXT);
  await expect(page.getByRole('button', { name: 'X (Twitter)', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await expect(page).toHaveURL(/\/create-post\?post=/);

  // The generation is in the workspace's history.
  await assistant.getByText('Recent generations').click();
  await expect(assistant.getByRole('list', { name: 'Recent generations' })).toContainText(
    'Announce our open-source launch',
  );
});

test('Stop ends the generation and keeps what was written', async ({ page }) => {
  await signInAsNewUser(page);
  await page.goto('/create-post');
  const assistant = page.getByRole('region', { name: 'AI assistant' });
  await assistant.getByLabel('What should the post say?').fill('Something long');
  await assistant.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(assistant.getByRole('status', { name: 'Text for X (Twitter)' })).toContainText('Our');
  await assistant.getByRole('button', { name: 'Stop' }).click();
  await expect(assistant.getByText('Stopped.')).toBeVisible();
  const kept = await assistant.getByRole('textbox', { name: 'Text for X (Twitter)' }).inputValue();
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).not.toBe(FULL_TEXT);
});

test('Settings: an owner stores a workspace model and key; only the last four characters come back', async ({
  page,
}) => {
  await signInAsNewUser(page);
  await gotoSettings(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const section = page.getByRole('region', { name: 'AI assistant' });
  // Saved as you go: each field when it is left (docs/decisions/0078-settings-save-as-you-go-and-week-start.md).
  await expect(section.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await section.getByLabel('Model').fill('e2e-model');
  await section.getByLabel('API key').fill('sk-e2e-secret-9f3a');
  await section.getByLabel('API key').press('Tab');
  await expectSectionSaved(page, 'AI assistant');
  await expect(section.getByLabel('API key')).toHaveValue('');
  await expect(
    section.getByText('A key ending in 9f3a is stored (encrypted). Leave empty to keep it.'),
  ).toBeVisible();
  await page.reload();
  await expect(section.getByLabel('Model')).toHaveValue('e2e-model');
  const settings = await page.request.get('/api/ai/settings');
  expect(await settings.text()).not.toContain('sk-e2e-secret');
});
