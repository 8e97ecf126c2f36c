import { WEBHOOK_RETRY_MINUTES, WEBHOOK_TIMEOUT_MS } from '@relaycast/shared/webhooks';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { addressPolicy } from '../../lib/address-policy';
import { createSafeFetch } from '../../lib/safe-fetch';
import { decryptSecret } from '../../lib/secrets';

/**
 * Sends the queued webhook deliveries (docs/webhooks.md). Each is signed per Standard Webhooks with the
 * endpoint's secret (`webhook-id` is the delivery's id, the same on every attempt), POSTed through the
 * address-checked fetch, and retried after 1, 5, 30, 120 and 480 minutes; after the sixth failed attempt it is
 * marked failed. Several workers may sweep: each delivery is claimed for two minutes with SKIP LOCKED.
 */

const BATCH = 50;
const CLAIM_MS = 2 * 60_000;
export const WEBHOOK_SWEEP_EVERY_MS = 5_000;
/** How much of an endpoint's error answer the log keeps. */
const ERROR_TEXT_MAX = 300;

interface DueDelivery {
  id: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret_encrypted: string;
}

async function claimDue(db: Db, now: Date): Promise<DueDelivery[]> {
  // The database stamps a delivery with microseconds and this clock has milliseconds: one queued within the same
  // millisecond as the claim would otherwise wait for the next sweep.
  const at = new Date(now.getTime() + 1).toISOString();
  const until = new Date(now.getTime() + CLAIM_MS).toISOString();
  const result = await db.execute(sql`
    with due as (
      select d.id from webhook_deliveries d
      where d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz
        -- A paused endpoint's deliveries wait (their attempts untouched) until it is resumed.
        and not exists (
          select 1 from webhook_endpoints p where p.id = d.endpoint_id and p.paused_at is not null
        )
        and (d.claimed_until is null or d.claimed_until < ${at}::timestamptz)
      order by d.next_attempt_at
      limit ${BATCH}
      for update skip locked
    ), claimed as (
      update webhook_deliveries d set claimed_until = ${until}::timestamptz
      from due where d.id = due.id
      returning d.id, d.payload, d.attempts, d.endpoint_id
    )
    select c.id, c.payload, c.attempts, e.url, e.secret_encrypted
    from claimed c join webhook_endpoints e on e.id = c.endpoint_id`);
  return (result as unknown as { rows: DueDelivery[] }).rows;
}

async function recordOutcome(
  db: Db,
  delivery: DueDelivery,
  outcome: { ok: boolean; statusCode: number | null; error: string | null },
  now: Date,
) {
  const attempts = delivery.attempts + 1;
  if (outcome.ok) {
    await db.execute(sql`
      update webhook_deliveries set status = 'delivered', attempts = ${attempts},
        last_status_code = ${outcome.statusCode}, last_error = null, delivered_at = ${now.toISOString()}::timestamptz,
        claimed_until = null, next_attempt_at = null
      where id = ${delivery.id}`);
    return;
  }
  const waitMinutes = WEBHOOK_RETRY_MINUTES[attempts - 1];
  const next =
    waitMinutes === undefined ? null : new Date(now.getTime() + waitMinutes * 60_000).toISOString();
  await db.execute(sql`
    update webhook_deliveries set status = ${next === null ? 'failed' : 'pending'}, attempts = ${attempts},
      last_status_code = ${outcome.statusCode}, last_error = ${outcome.error},
      next_attempt_at = ${next}::timestamptz, claimed_until = null
    where id = ${delivery.id}`);
}

/** The first `max` characters of an answer, without reading (or keeping) the rest of a large body. */
async function readPrefix(response: Response, max: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < max) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A body cut short still leaves what arrived.
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.slice(0, max);
}

/** Signs and sends one delivery; never throws (a failure is an outcome). */
async function send(
  fetcher: typeof fetch,
  delivery: DueDelivery,
  appSecret: string,
  now: Date,
): Promise<{ ok: boolean; statusCode: number | null; error: string | null }> {
  const body = JSON.stringify(delivery.payload);
  try {
    const signer = new Webhook(decryptSecret(delivery.secret_encrypted, appSecret));
    const response = await fetcher(delivery.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signer.sign(delivery.id, now, body),
      },
      body,
    });
    const text = await readPrefix(response, ERROR_TEXT_MAX);
    if (response.status >= 200 && response.status < 300)
      return { ok: true, statusCode: response.status, error: null };
    return {
      ok: false,
      statusCode: response.status,
      error: text || `The endpoint answered ${response.status}.`,
    };
  } catch (error) {
    const message =
      error instanceof Error && error.name === 'TimeoutError'
        ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.`
        : error instanceof Error
          ? error.message
          : String(error);
    return { ok: false, statusCode: null, error: message.slice(0, ERROR_TEXT_MAX) };
  }
}

/** One sweep: sends every due delivery (in batches). Returns how many were attempted. */
export async function sendDueWebhooks(context: {
  db: Db;
  config: Config;
  now?: () => Date;
  fetcher?: typeof fetch;
}): Promise<number> {
  const clock = context.now ?? (() => new Date());
  const fetcher = context.fetcher ?? createSafeFetch(addressPolicy(context.config.allowPrivateAddresses));
  let attempted = 0;
  for (;;) {
    const due = await claimDue(context.db, clock());
    if (due.length === 0) return attempted;
    await Promise.all(
      due.map(async (delivery) => {
        const at = clock();
        const outcome = await send(fetcher, delivery, context.config.appSecret, at);
        await recordOutcome(context.db, delivery, outcome, at);
      }),
    );
    attempted += due.length;
    if (due.length < BATCH) return attempted;
  }
}
