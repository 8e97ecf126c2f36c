import { NOTIFICATION_MESSAGES } from '@relaycast/shared/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { type ApiCall, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { PushToggleField } from './push-toggle-field';

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/** A P-256 public key's length in base64url (65 bytes). */
const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const SUBSCRIPTION = {
  endpoint: 'https://push.example/send/abc',
  expirationTime: null,
  keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
};

interface FakeBrowser {
  permission: NotificationPermission;
  register: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
  unsubscribe: ReturnType<typeof vi.fn>;
  requests: ApiCall[];
}

/** A browser with push support (service worker, PushManager, Notification) and the server's endpoints. */
function fakeBrowser(permission: NotificationPermission, existing = false): FakeBrowser {
  const unsubscribe = vi.fn(async () => true);
  const subscription = { endpoint: SUBSCRIPTION.endpoint, unsubscribe, toJSON: () => SUBSCRIPTION };
  const pushManager = {
    getSubscription: vi.fn(async () => (existing ? subscription : null)),
    subscribe: vi.fn(async () => subscription),
  };
  const registration = { pushManager };
  const register = vi.fn(async () => registration);
  const api = fakeApi({
    'GET /api/notifications/push-key': { publicKey: PUBLIC_KEY },
    '*': new Response(null, { status: 204 }),
  });
  const browser: FakeBrowser = {
    permission,
    register,
    subscribe: pushManager.subscribe,
    unsubscribe,
    requests: api.calls,
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission: async () => browser.permission });
  return browser;
}

function renderToggle(checked: boolean) {
  const onChange = vi.fn();
  renderWithProviders(<PushToggleField checked={checked} onChange={onChange} />);
  return { onChange, toggle: screen.getByRole('switch', { name: 'Push notifications' }) };
}

beforeEach(() => vi.mocked(toast.error).mockClear());
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushToggleField', () => {
  it('registers the service worker, subscribes with the VAPID key and sends the subscription', async () => {
    const browser = fakeBrowser('granted');
    const { onChange, toggle } = renderToggle(false);
    await userEvent.click(toggle);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(true));
    expect(browser.register).toHaveBeenCalledWith('/sw.js');
    const [options] = browser.subscribe.mock.calls[0] as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(browser.requests.at(-1)).toEqual({
      url: '/api/notifications/push-subscriptions',
      method: 'POST',
      body: SUBSCRIPTION,
    });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('stays off with the reason when the browser blocks notifications', async () => {
    const browser = fakeBrowser('denied');
    const { onChange, toggle } = renderToggle(false);
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(vi.mocked(toast.error).mock.calls[0]?.[0]).toBe(NOTIFICATION_MESSAGES.pushDenied),
    );
    expect(onChange).not.toHaveBeenCalled();
    expect(browser.register).not.toHaveBeenCalled();
  });

  it('unsubscribes this browser and tells the server when turned off', async () => {
    const browser = fakeBrowser('granted', true);
    const { onChange, toggle } = renderToggle(true);
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(false);
    await waitFor(() =>
      expect(browser.requests).toEqual([
        {
          url: '/api/notifications/push-subscriptions',
          method: 'DELETE',
          body: { endpoint: SUBSCRIPTION.endpoint },
        },
      ]),
    );
    expect(browser.unsubscribe).toHaveBeenCalled();
  });
});
