import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { gotoSettings, seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

/**
 * Settings → Webhooks (docs/webhooks.md): add an endpoint, send a test event, see it delivered and verify its signature,
 * resend it.
 */

test('a webhook endpoint added in Settings receives a signed test event, and the log says delivered', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/relaycast`;
  try {
    await signInAsNewUser(page);
    await gotoSettings(page);
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByText('No endpoints yet.')).toBeVisible();
    await section.getByRole('button', { name: 'Add endpoint' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('Endpoint URL').fill('not an address');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(
      dialog.getByText('Enter the full address of your endpoint, starting with https://.'),
    ).toBeVisible();
    await dialog.getByLabel('Endpoint URL').fill(url);
    await dialog.getByRole('checkbox', { name: /stream\.started/ }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy the signing secret' });
    const secret = await shown.getByLabel('Signing secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await seriousViolations(page)).toEqual([]);
    await shown.getByRole('button', { name: 'Done' }).click();

    const endpoint = section.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem').first();
    await expect(endpoint).toContainText(url);
    await expect(endpoint).toContainText('stream.started');
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event queued')).toBeVisible();
    // The server's sweep sends it within seconds; the log refreshes on its own.
    const delivery = endpoint.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').first();
    await expect(delivery).toContainText('webhook.test', { timeout: 30_000 });
    await expect(delivery).toContainText('Delivered', { timeout: 30_000 });
    await expect(delivery).toContainText('HTTP 200');

    expect(received).toHaveLength(1);
    const event = new Webhook(secret).verify(
      received[0]!.body,
      received[0]!.headers as Record<string, string>,
    ) as {
      type: string;
    };
    expect(event.type).toBe('webhook.test');

    // Resend: the same message again, with the same webhook-id.
    await delivery.getByRole('button', { name: /^Resend webhook\.test/ }).click();
    await expect(page.getByText('Delivery queued again')).toBeVisible();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    await expect(delivery).toContainText('Delivered', { timeout: 30_000 });

    await endpoint.getByRole('button', { name: 'Delete', exact: true }).click();
    await endpoint.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(section.getByText('No endpoints yet.')).toBeVisible();
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
