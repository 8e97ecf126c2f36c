import { z } from 'zod';

/**
 * Outgoing webhooks (docs/webhooks.md): a workspace's endpoints receive signed JSON events
 * (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`) with retries, and a delivery log
 * in Settings.
 */

export const WEBHOOK_EVENTS = ['post.published', 'post.failed', 'stream.started', 'stream.ended'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent by "Send test event" only; endpoints always receive it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'post.published': 'A post was published',
  'post.failed': 'A post failed',
  'stream.started': 'A live stream started',
  'stream.ended': 'A live stream ended',
};

export const WEBHOOK_MAX_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX = 2000;
/** Minutes to wait after each failed attempt; after the last one the delivery is marked failed. */
export const WEBHOOK_RETRY_MINUTES = [1, 5, 30, 120, 480] as const;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Deliveries kept in the log per endpoint (the newest). */
export const WEBHOOK_LOG_SIZE = 50;

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter the full address of your endpoint, starting with https://.',
  urlTooLong: `Keep the address under ${WEBHOOK_URL_MAX} characters.`,
  eventsRequired: 'Choose at least one event to send.',
  tooMany: `A workspace can have ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints. Delete one before adding another.`,
  notFound: 'That webhook endpoint does not exist.',
  created: 'Webhook endpoint added. Copy its signing secret now: it will not be shown again.',
  deleted: 'Webhook endpoint deleted.',
  testQueued: 'Test event queued: it appears in the delivery log within a few seconds.',
  adminOnly: 'Only the workspace’s owner or an admin can change its webhooks.',
  resendQueued: 'Delivery queued again: it goes out within a few seconds, with the same webhook-id.',
  resendPending: 'This delivery is still being tried. Resend it once it has failed or been delivered.',
  deliveryNotFound: 'That delivery does not exist.',
  paused: 'Webhook endpoint paused: events are kept and sent when you resume it.',
  resumed: 'Webhook endpoint resumed: the events kept while it was paused go out now.',
  testWhilePaused: 'This endpoint is paused. Resume it to send a test event.',
} as const;

/** `PUT /api/webhooks/:id/paused`. */
export const pauseWebhookSchema = z.object({ paused: z.boolean() });

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);

export const createWebhookSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlInvalid })
    .trim()
    .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
    .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.urlInvalid }))
    // No user name or password in the address (they would be sent to whoever the host is).
    .refine((value) => !/^https?:\/\/[^/?#]*@/i.test(value), WEBHOOK_MESSAGES.urlInvalid),
  events: z
    .array(webhookEventSchema, { error: WEBHOOK_MESSAGES.eventsRequired })
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .max(WEBHOOK_EVENTS.length, WEBHOOK_MESSAGES.eventsRequired)
    .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

/** A path word shown as is: up to 16 letters (with - _ .), in one case or capitalised; anything else may be a token. */
const PLAIN_PATH_WORD = /^(?:[a-z][a-z._-]{0,15}|[A-Z][a-z._-]{0,15}|[A-Z._-]{1,16})$/;
const HIDDEN = '•••';

/**
 * A webhook address as members without `manageWorkspace` see it (docs/decisions/0059): scheme, host and the
 * path's plain words; every other path segment (ids, tokens), the query and the fragment become "•••". Slack,
 * Discord and Zapier put the secret in the path, others in the query.
 */
export function maskWebhookUrl(url: string): string {
  // Parsed by hand: this package has no URL class in every runtime's types (the stored address is normalised).
  const match = /^([a-z][a-z0-9+.-]*:)\/\/(?:[^/?#@]*@)?([^/?#]+)([^?#]*)(\?[^#]*)?/i.exec(url);
  if (!match) return HIDDEN;
  const [, protocol, host, pathname = '', search = ''] = match;
  const path = pathname
    .split('/')
    .map((segment) => (segment === '' || PLAIN_PATH_WORD.test(segment) ? segment : HIDDEN))
    .join('/');
  return `${protocol}//${host}${path}${search.length > 1 ? `?${HIDDEN}` : ''}`;
}

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  createdAt: z.string(),
  /** Paused endpoints keep their events, pending, until resumed. */
  paused: z.boolean(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({
  /** Each address whole for owners and admins, masked (maskWebhookUrl) for everyone else. */
  endpoints: z.array(webhookEndpointSchema),
  /** Owners and admins add, test and delete endpoints; members see them and their logs. */
  canManage: z.boolean(),
});
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** The answer to a creation: the signing secret (`whsec_…`), this one time. */
export const createdWebhookSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
