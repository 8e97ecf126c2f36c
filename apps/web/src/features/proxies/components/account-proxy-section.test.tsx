import type { AccountProxy } from '@relaycast/shared/proxies';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { AccountProxySection } from './account-proxy-section';

const ACCOUNT = { id: 'a1', handle: '@ada' };
const WORKSPACE = { id: 'w1', name: 'Acme', role: 'admin' };

const STORED: AccountProxy = {
  accountId: 'a1',
  type: 'socks5',
  host: 'proxy.example.com',
  port: 1080,
  username: 'ada',
  hasPassword: true,
  status: 'down',
  lastError: 'The SOCKS5 proxy proxy.example.com:1080 could not be reached (ECONNREFUSED).',
  checkedAt: '2026-11-26T10:00:00.000Z',
  egressAddress: null,
};

describe('AccountProxySection', () => {
  it('sets a first proxy: checks it, then saves it without asking', async () => {
    const api = fakeApi({
      'GET /api/workspaces/current': WORKSPACE,
      'GET /api/accounts/proxies': { proxies: [] },
      'POST /api/accounts/a1/proxy/check': {
        ok: true,
        egressAddress: '203.0.113.7',
        latencyMs: 42,
        message: '',
      },
      'PUT /api/accounts/a1/proxy': { ...STORED, type: 'http', status: 'unchecked', lastError: null },
    });
    renderWithProviders(<AccountProxySection account={ACCOUNT} />);
    expect(await screen.findByText('No proxy: this account connects directly.')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Set up a proxy' }));
    const form = screen.getByRole('form', { name: 'Proxy of @ada' });

    // A host with a scheme is refused by the shared schema before anything is sent.
    await userEvent.type(within(form).getByLabelText('Host'), 'http://proxy.example.com');
    await userEvent.type(within(form).getByLabelText('Port'), '3128');
    await userEvent.click(within(form).getByRole('button', { name: 'Check proxy' }));
    expect(await within(form).findByText(/Enter only a host name or address/)).toBeTruthy();
    expect(api.callsTo('POST /api/accounts/a1/proxy/check')).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('Host'));
    await userEvent.type(within(form).getByLabelText('Host'), 'proxy.example.com');
    await userEvent.type(within(form).getByLabelText('User name'), 'ada');
    await userEvent.type(within(form).getByLabelText('Password'), 's3cret');
    await userEvent.click(within(form).getByRole('button', { name: 'Check proxy' }));
    expect(
      await screen.findByText('The proxy works. The platform will see 203.0.113.7 (42 ms).'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/accounts/a1/proxy/check')[0]?.body).toMatchObject({
      type: 'http',
      host: 'proxy.example.com',
      port: '3128',
      password: 's3cret',
    });

    await userEvent.click(within(form).getByRole('button', { name: 'Save proxy' }));
    await waitFor(() => expect(api.callsTo('PUT /api/accounts/a1/proxy')).toHaveLength(1));
    expect(api.callsTo('PUT /api/accounts/a1/proxy')[0]?.body).toMatchObject({
      replace: false,
      username: 'ada',
    });
  });

  it('shows why the account is paused, keeps the stored password, and confirms a change', async () => {
    const api = fakeApi({
      'GET /api/workspaces/current': WORKSPACE,
      'GET /api/accounts/proxies': { proxies: [STORED] },
      'PUT /api/accounts/a1/proxy': { ...STORED, port: 1081, status: 'unchecked', lastError: null },
    });
    renderWithProviders(<AccountProxySection account={ACCOUNT} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /Paused: the proxy is not working.*ECONNREFUSED/,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit proxy' }));
    const form = screen.getByRole('form', { name: 'Proxy of @ada' });
    expect((within(form).getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(within(form).getByText(/A password is stored/)).toBeTruthy();

    const port = within(form).getByLabelText('Port');
    await userEvent.clear(port);
    await userEvent.type(port, '1081');
    await userEvent.click(within(form).getByRole('button', { name: 'Save proxy' }));
    expect(api.callsTo('PUT /api/accounts/a1/proxy')).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Change the proxy of @ada?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change proxy' }));
    await waitFor(() => expect(api.callsTo('PUT /api/accounts/a1/proxy')).toHaveLength(1));
    const sent = api.callsTo('PUT /api/accounts/a1/proxy')[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ type: 'socks5', port: '1081', replace: true });
    expect(sent).not.toHaveProperty('password');
  });

  it('confirms before removing the proxy', async () => {
    const api = fakeApi({
      'GET /api/workspaces/current': WORKSPACE,
      'GET /api/accounts/proxies': { proxies: [{ ...STORED, status: 'working', lastError: null }] },
      'DELETE /api/accounts/a1/proxy': new Response(null, { status: 204 }),
    });
    renderWithProviders(<AccountProxySection account={ACCOUNT} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit proxy' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove proxy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the proxy of @ada?' });
    expect(api.callsTo('DELETE /api/accounts/a1/proxy')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove proxy' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/accounts/a1/proxy')).toHaveLength(1));
  });

  it('shows the proxy without the form to someone who cannot manage accounts', async () => {
    const api = fakeApi({
      'GET /api/workspaces/current': { ...WORKSPACE, role: 'viewer' },
      'GET /api/accounts/proxies': { proxies: [{ ...STORED, status: 'working', lastError: null }] },
    });
    renderWithProviders(<AccountProxySection account={ACCOUNT} />);
    expect(await screen.findByText(/SOCKS5 proxy proxy.example.com:1080/)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /api/workspaces/current')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Edit proxy' })).toBeNull();
  });
});
