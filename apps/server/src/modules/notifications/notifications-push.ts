import type { PushPayload } from '@relaycast/shared/notifications';
import type { VapidKeys } from './notifications-vapid';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How a push went: `gone` when the push service no longer knows the subscription (404/410): forget it. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/** Push services keep an undelivered message this long (seconds) before dropping it. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Web Push through web-push (encryption and VAPID signature), sent with `fetcher`: the address-checked fetch
 * of the address policy (lib/safe-fetch.ts), since push endpoints are URLs the browser, so the user, gave us.
 * web-push's own sender only takes an https.Agent, which the checked connector is not, so only the request
 * is built by the library.
 */
export function createPushSender(options: {
  keys: VapidKeys;
  /** `mailto:` or `https:` contact of this server's administrator, sent to push services. */
  subject: string;
  fetcher: typeof fetch;
}): PushSender {
  const vapidDetails = { subject: options.subject, ...options.keys };
  return {
    publicKey: options.keys.publicKey,
    async send(target, payload) {
      // Loaded with the first notification: most servers send none for a long while after starting.
      const { default: webpush } = await import('web-push');
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        { vapidDetails, TTL: PUSH_TTL_SECONDS },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      const response = await options.fetcher(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return 'gone';
      return response.status >= 200 && response.status < 300 ? 'sent' : 'failed';
    },
  };
}

/** The VAPID subject from the sender address (`Relaycast <no-reply@example.com>` → `mailto:no-reply@example.com`). */
export function vapidSubjectOf(mailFrom: string, publicUrl: string): string {
  const address =
    /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? /^[^<>\s]+@[^<>\s]+$/.exec(mailFrom.trim())?.[0];
  if (address) return `mailto:${address}`;
  return publicUrl.startsWith('https://') ? publicUrl : 'mailto:admin@relaycast.local';
}
