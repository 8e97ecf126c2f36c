import { NOTIFICATION_MESSAGES } from '@relaycast/shared/notifications';
import { translateMessage } from '@/i18n';

/**
 * The browser side of Web Push (docs/notifications.md): the service worker `/sw.js` is registered only when the
 * user turns push notifications on, and the subscription is made with the server's VAPID public key.
 */

export const SERVICE_WORKER_URL = '/sw.js';

/** Thrown with the user-facing reason when push cannot be turned on in this browser. */
export class PushSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushSetupError';
  }
}

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission, registers the service worker and makes a fresh subscription (an older one of this
 * browser is dropped first, so a subscription never carries over from another account). Returns its JSON.
 */
export async function subscribeBrowserToPush(publicKey: string): Promise<PushSubscriptionJSON> {
  if (!isPushSupported()) throw new PushSetupError(translateMessage(NOTIFICATION_MESSAGES.pushUnsupported));
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError(translateMessage(NOTIFICATION_MESSAGES.pushDenied));
  try {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
    await navigator.serviceWorker.ready;
    const existing = await registration.pushManager.getSubscription();
    if (existing) await existing.unsubscribe();
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
    return subscription.toJSON();
  } catch {
    throw new PushSetupError(translateMessage(NOTIFICATION_MESSAGES.pushFailed));
  }
}

/** Ends this browser's subscription, if any; returns its endpoint so the server can forget it too. */
export async function unsubscribeBrowserFromPush(): Promise<string | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return endpoint;
}
