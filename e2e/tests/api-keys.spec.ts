import { expect, request as requestContext, test } from '@playwright/test';
import { expectSectionSaved, gotoSettings, seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

/** Security → API keys (docs/public-api.md): create a key in Settings, use it on the public API, turn access off, revoke. */

test('an API key made in Settings posts through /api/v1, stops with the switch off and dies when revoked', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAsNewUser(page);
  await gotoSettings(page);
  const section = page.getByRole('heading', { name: 'API keys' }).locator('..').locator('..');
  await expect(section.getByText('No API keys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Create API key' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Give the key a name.')).toBeVisible();
  await dialog.getByLabel('Name').fill('My CMS');
  await dialog.getByRole('radio', { name: /Read and write/ }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your API key' });
  const secret = await shown.getByLabel('API key', { exact: true }).inputValue();
  expect(secret).toMatch(/^rc_[A-Za-z0-9_-]{43}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await shown.getByRole('button', { name: 'Done' }).click();

  const keys = page.getByRole('list', { name: 'API keys' }).getByRole('listitem');
  await expect(keys).toHaveCount(1);
  await expect(keys.first()).toContainText('My CMS');
  await expect(keys.first()).toContainText('Read and write');
  await expect(keys.first()).toContainText(`${secret.slice(0, 11)}…`);
  await expect(keys.first()).toContainText('never used');
  await expect(keys.first()).not.toContainText(secret);

  // The key alone, without the browser's cookies, creates a draft the app then shows.
  const api = await requestContext.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  const created = await api.post('/api/v1/posts', {
    data: { content: 'Drafted through the API', platforms: ['twitter'], action: 'draft' },
  });
  expect(created.status()).toBe(201);
  expect(created.headers()['ratelimit-remaining']).toBeDefined();
  await page.goto('/drafts');
  await expect(page.getByText('Drafted through the API')).toBeVisible();

  // API key access off (saved): the key is refused; on again, it works.
  await gotoSettings(page);
  await page.getByRole('switch', { name: 'API key access' }).click();
  await expect(page.getByText(/every key below is refused/)).toBeVisible();
  await expectSectionSaved(page, 'Security');
  const refused = await api.get('/api/v1/posts');
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toBe(
    'API key access is off for this key’s owner. Turn it on in Settings → Security.',
  );
  await page.getByRole('switch', { name: 'API key access' }).click();
  await expect(page.getByText(/every key below is refused/)).toBeHidden();
  await expectSectionSaved(page, 'Security');
  expect((await api.get('/api/v1/posts')).status()).toBe(200);
  await page.reload();
  await expect(keys.first()).toContainText('last used');

  await keys.first().getByRole('button', { name: 'Revoke' }).click();
  await keys.first().getByRole('button', { name: 'Revoke My CMS' }).click();
  await expect(page.getByText('API key revoked. Requests with it now fail.')).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  expect((await api.get('/api/v1/posts')).status()).toBe(401);
  await api.dispose();
});

test('the API reference lists every operation from the OpenAPI document and sends a request with a key', async ({
  page,
}) => {
  await signInAsNewUser(page);
  const created = await page.request.post('/api/api-keys', { data: { name: 'Reference', scopes: ['read'] } });
  expect(created.status()).toBe(201);
  const { secret } = (await created.json()) as { secret: string };

  // /api/docs leads to the reference page, reachable from the site's footer too.
  await page.goto('/api/docs');
  await expect(page).toHaveURL(/\/api-reference$/);
  await expect(page.getByRole('heading', { name: 'API reference' })).toBeVisible();
  const operations = page.getByRole('list', { name: 'Operations' }).getByRole('listitem');
  const document = (await (await page.request.get('/api/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const count = Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
  await expect(operations).toHaveCount(count);
  expect(await seriousViolations(page)).toEqual([]);

  const accounts = operations.filter({ hasText: '/api/v1/accounts' });
  await accounts.locator('summary').click();
  await accounts.getByRole('button', { name: 'Send GET /api/v1/accounts' }).click();
  await expect(accounts.getByRole('alert')).toHaveText('Paste an API key above first.');
  await page.getByLabel('API key for “Send request”').fill(secret);
  await accounts.getByRole('button', { name: 'Send GET /api/v1/accounts' }).click();
  const answer = accounts.getByRole('region', { name: 'Answer to GET /api/v1/accounts' });
  await expect(answer).toContainText('Status 200');

  // A read-only key may not write: the reference shows the API's own refusal.
  const create = operations.filter({ hasText: /^POST\s*\/api\/v1\/posts\s*Create/ });
  await create.locator('summary').click();
  await create.getByRole('button', { name: 'Send POST /api/v1/posts' }).click();
  const refusal = create.getByRole('region', { name: 'Answer to POST /api/v1/posts' });
  await expect(refusal).toContainText('Status 403');
  await expect(refusal).toContainText('This API key may only read.');
});
