import { expect, test } from '@playwright/test';
import {
  type FakeAddressEcho,
  type FakeProxy,
  startAddressEcho,
  startSocks5Proxy,
} from '../../apps/server/src/lib/proxy-connect.fake';
import { signInAsNewUser } from './session';

/**
 * An account's proxy in the browser (docs/proxies.md): set up a SOCKS5 proxy started here, check it (the address
 * echo the server's PROXY_CHECK_URL points at), save it, refresh the account through it, and confirm a change;
 * and connecting an account through a proxy given before connecting (docs/decisions/0098-proxy-at-connection.md).
 */

let proxy: FakeProxy;
let echo: FakeAddressEcho;

// One worker for the file: the address echo listens on the one port the server's PROXY_CHECK_URL names.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  proxy = await startSocks5Proxy({ username: 'ada', password: 'proxy-pass' });
  echo = await startAddressEcho(Number(process.env.E2E_PROXY_ECHO_PORT));
});

test.afterAll(async () => {
  await proxy?.close();
  await echo?.close();
});

test('sets up, checks and changes the proxy of an X account', async ({ page }) => {
  await signInAsNewUser(page, 'Ada Proxy');
  await page.goto('/connected-accounts');
  await page.getByRole('button', { name: 'Connect X (Twitter)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'X (Twitter) account connected.' })).toBeVisible();
  const account = page
    .getByRole('list', { name: 'Connected accounts' })
    .getByRole('listitem', { name: /on X/ });
  await expect(account.getByText('No proxy: this account connects directly.')).toBeVisible();

  await account.getByRole('button', { name: 'Set up a proxy' }).click();
  const form = account.getByRole('form', { name: /^Proxy of / });
  await form.getByLabel('Type').selectOption('socks5');
  await form.getByLabel('Host').fill('127.0.0.1');
  await form.getByLabel('Port').fill(String(proxy.port));
  await form.getByLabel('User name').fill('ada');
  await form.getByLabel('Password').fill('proxy-pass');
  await form.getByRole('button', { name: 'Check proxy' }).click();
  await expect(form.getByText(/The proxy works\. The platform will see 127\.0\.0\.1/)).toBeVisible();
  expect(echo.requests).toBe(1);

  await form.getByRole('button', { name: 'Save proxy' }).click();
  await expect(account.getByText(`SOCKS5 proxy 127.0.0.1:${proxy.port}`, { exact: false })).toBeVisible();
  const connectsBefore = proxy.connects.length;
  await account.getByRole('button', { name: /^Refresh / }).click();
  await expect(page.getByText(/^Refreshed /)).toBeVisible();
  expect(proxy.connects.length).toBeGreaterThan(connectsBefore);

  // Changing the proxy asks first; cancelling keeps the one in use.
  await account.getByRole('button', { name: 'Edit proxy' }).click();
  await expect(form.getByText(/A password is stored/)).toBeVisible();
  await form.getByLabel('Port').fill('1');
  await form.getByRole('button', { name: 'Save proxy' }).click();
  const dialog = page.getByRole('dialog', { name: /^Change the proxy of / });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(account.getByText(`SOCKS5 proxy 127.0.0.1:${proxy.port}`, { exact: false })).toBeVisible();
});

test('connects an X account through a proxy given before connecting, and refuses a dead one', async ({
  page,
}) => {
  // Two OAuth round trips and three checks: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  await signInAsNewUser(page, 'Ada Connect');
  await page.goto('/connected-accounts');
  const part = page.getByRole('region', { name: 'Connect through a proxy' });
  await part.getByRole('switch', { name: 'Connect through a proxy' }).click();

  // The same checks as the account's proxy form: nothing is sent while a field is wrong.
  await page.getByRole('button', { name: 'Connect X (Twitter)' }).click();
  await expect(
    part.getByText('Enter the proxy’s host name or address, without http:// or a port.'),
  ).toBeVisible();

  // A proxy that does not answer: a clear message, and no account.
  const dead = await startSocks5Proxy();
  const deadPort = dead.port;
  await dead.close();
  await part.getByLabel('Type').selectOption('socks5');
  await part.getByLabel('Host').fill('127.0.0.1');
  await part.getByLabel('Port').fill(String(deadPort));
  await page.getByRole('button', { name: 'Connect X (Twitter)' }).click();
  await expect(
    page.getByText(/The proxy does not work: .*Nothing was sent and nothing was saved\./),
  ).toBeVisible();
  await expect(page.getByText('No accounts yet. Connect one below to start publishing.')).toBeVisible();

  // The working proxy: checked first, then the connection goes through it and the account keeps it.
  await part.getByLabel('Port').fill(String(proxy.port));
  await part.getByLabel('User name').fill('ada');
  await part.getByLabel('Password').fill('proxy-pass');
  await part.getByRole('button', { name: 'Check proxy' }).click();
  await expect(part.getByText(/The proxy works\. The platform will see 127\.0\.0\.1/)).toBeVisible();
  const connectsBefore = proxy.connects.length;
  await page.getByRole('button', { name: 'Connect X (Twitter)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'X (Twitter) account connected.' })).toBeVisible();
  expect(proxy.connects.length).toBeGreaterThan(connectsBefore);
  const account = page
    .getByRole('list', { name: 'Connected accounts' })
    .getByRole('listitem', { name: /on X/ });
  await expect(
    account.getByText(`SOCKS5 proxy 127.0.0.1:${proxy.port} · Working`, { exact: false }),
  ).toBeVisible();
});
