import type { AccountProxy, ConnectThroughInput } from '@relaycast/shared/proxies';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { useConnectProxy } from '../hooks/use-connect-proxy';
import { ConnectProxyPanel } from './connect-proxy-panel';

const WORKSPACE = { id: 'w1', name: 'Acme', role: 'admin' };
const STORED: AccountProxy = {
  accountId: 'a1',
  type: 'socks5',
  host: 'proxy.example.com',
  port: 1080,
  username: 'ada',
  hasPassword: true,
  status: 'working',
  lastError: null,
  checkedAt: null,
  egressAddress: null,
};

/** The panel and a stand-in for a connect button: what the connect flow would send. */
function Harness({
  sent,
  account,
}: {
  sent: (ConnectThroughInput | null)[];
  account?: { id: string; handle: string };
}) {
  const state = useConnectProxy();
  return (
    <>
      <ConnectProxyPanel state={state} />
      <button type="button" onClick={async () => sent.push(await state.ask(account))}>
        Connect
      </button>
    </>
  );
}

function apiWith(proxies: AccountProxy[]) {
  return fakeApi({
    'GET /api/workspaces/current': WORKSPACE,
    'GET /api/accounts/proxies': { proxies },
    'POST /api/accounts/connect/proxy/check': {
      ok: true,
      egressAddress: '203.0.113.7',
      latencyMs: 9,
      message: '',
    },
  });
}

describe('ConnectProxyPanel', () => {
  it('off: a connect goes without a proxy (a reconnect names its account)', async () => {
    apiWith([]);
    const sent: (ConnectThroughInput | null)[] = [];
    renderWithProviders(<Harness sent={sent} account={{ id: 'a1', handle: '@ada' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(sent).toEqual([{ accountId: 'a1' }]));
    expect(screen.queryByLabelText('Host')).toBeNull();
  });

  it('on: validated like the proxy form, checked on demand, then sent with the connect', async () => {
    const api = apiWith([]);
    const sent: (ConnectThroughInput | null)[] = [];
    renderWithProviders(<Harness sent={sent} />);
    const part = screen.getByRole('region', { name: 'Connect through a proxy' });
    await userEvent.click(within(part).getByRole('switch', { name: 'Connect through a proxy' }));
    await userEvent.type(within(part).getByLabelText('Host'), 'http://proxy.example.com');
    await userEvent.type(within(part).getByLabelText('Port'), '3128');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await within(part).findByText(/Enter only a host name or address/)).toBeTruthy();
    await waitFor(() => expect(sent).toEqual([null]));

    await userEvent.clear(within(part).getByLabelText('Host'));
    await userEvent.type(within(part).getByLabelText('Host'), 'proxy.example.com');
    await userEvent.click(within(part).getByRole('button', { name: 'Check proxy' }));
    expect(await within(part).findByText(/The platform will see 203\.0\.113\.7/)).toBeTruthy();
    expect(api.callsTo('POST /api/accounts/connect/proxy/check')[0]?.body).toMatchObject({
      type: 'http',
      host: 'proxy.example.com',
      port: '3128',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(sent[1]).toMatchObject({ proxy: { type: 'http', host: 'proxy.example.com' } }),
    );
  });

  it('reconnecting an account with another proxy asks first; cancelling sends nothing', async () => {
    apiWith([STORED]);
    const sent: (ConnectThroughInput | null)[] = [];
    renderWithProviders(<Harness sent={sent} account={{ id: 'a1', handle: '@ada' }} />);
    const part = screen.getByRole('region', { name: 'Connect through a proxy' });
    await userEvent.click(within(part).getByRole('switch', { name: 'Connect through a proxy' }));
    await userEvent.type(within(part).getByLabelText('Host'), 'other.example.com');
    await userEvent.type(within(part).getByLabelText('Port'), '8080');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Connect' })).toBeTruthy());

    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the proxy of @ada?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(sent).toEqual([null]));

    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    const again = await screen.findByRole('dialog', { name: 'Change the proxy of @ada?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Change proxy' }));
    await waitFor(() =>
      expect(sent[1]).toMatchObject({ accountId: 'a1', proxy: { host: 'other.example.com', replace: true } }),
    );
  });
});
