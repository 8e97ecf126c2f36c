import { randomBytes, randomUUID } from 'node:crypto';
import { roleCan } from '@relaycast/shared/roles';
import {
  type CreatedWebhook,
  maskWebhookUrl,
  WEBHOOK_LOG_SIZE,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@relaycast/shared/webhooks';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import { addressPolicy } from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { encryptSecret } from '../../lib/secrets';
import { PlatformError } from '../../platforms/types';
import { checkUserGivenUrl } from '../../platforms/user-given-url';

/** First key of the per-workspace advisory lock around the endpoint count and the insert. */
const WEBHOOK_LOCK_NAMESPACE = 724_311_912;

function toEndpoint(row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    paused: row.pausedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The workspace's endpoints, and whether the caller may change them (the routes that do declare
 * `manageWorkspace`). An address may carry a token (Slack, Discord, Zapier put it in the path): whole for those who
 * may change webhooks, masked for everyone else (maskWebhookUrl, docs/decisions/0059).
 */
export async function listEndpoints(
  db: Db,
  caller: Pick<Caller, 'workspaceId' | 'role'>,
): Promise<{ endpoints: WebhookEndpoint[]; canManage: boolean }> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, caller.workspaceId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  const endpoints = rows.map(toEndpoint);
  const canManage = roleCan(caller.role, 'manageWorkspace');
  if (canManage) return { endpoints, canManage };
  return {
    endpoints: endpoints.map((endpoint) => ({ ...endpoint, url: maskWebhookUrl(endpoint.url) })),
    canManage,
  };
}

/**
 * Adds an endpoint after checking its address like any user-given URL (https only and no private address,
 * unless ALLOW_PRIVATE_ADDRESSES), and returns its signing secret this one time.
 */
export async function createEndpoint(
  db: Db,
  config: Config,
  caller: Pick<Caller, 'workspaceId' | 'userId'>,
  input: { url: string; events: WebhookEvent[] },
): Promise<CreatedWebhook> {
  try {
    // The scheme, credentials and host are checked like any user-given address (it answers the origin only).
    await checkUserGivenUrl(input.url, addressPolicy(config.allowPrivateAddresses));
  } catch (error) {
    if (error instanceof PlatformError) throw new AppError('VALIDATION_ERROR', { message: error.message });
    throw error;
  }
  // The whole address is kept: path and query included.
  const url = new URL(input.url).toString();
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${sql.raw(String(WEBHOOK_LOCK_NAMESPACE))}, hashtext(${caller.workspaceId}))`,
    );
    const [existing] = await tx
      .select({ total: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, caller.workspaceId));
    if ((existing?.total ?? 0) >= WEBHOOK_MAX_ENDPOINTS) {
      throw new AppError('WEBHOOK_LIMIT');
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id: randomUUID(),
        workspaceId: caller.workspaceId,
        url,
        secretEncrypted: encryptSecret(secret, config.appSecret),
        events: input.events,
        createdBy: caller.userId,
      })
      .returning();
    if (!row) throw new Error('webhook endpoint insert returned nothing');
    return { endpoint: toEndpoint(row), secret };
  });
}

export async function deleteEndpoint(db: Db, workspaceId: string, id: string): Promise<void> {
  const removed = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .returning({ id: webhookEndpoints.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', { message: WEBHOOK_MESSAGES.notFound });
}

/**
 * "Pause" / "Resume": a paused endpoint is sent nothing; its events (new ones and those already queued) wait,
 * pending with their attempts untouched, and go out as soon as it is resumed.
 */
export async function setEndpointPaused(
  db: Db,
  workspaceId: string,
  id: string,
  paused: boolean,
): Promise<WebhookEndpoint> {
  const [row] = await db
    .update(webhookEndpoints)
    // Pausing twice keeps the first time; resuming clears it.
    .set({ pausedAt: paused ? sql`coalesce(${webhookEndpoints.pausedAt}, now())` : null })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', { message: WEBHOOK_MESSAGES.notFound });
  return toEndpoint(row);
}

async function endpointOf(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select({ id: webhookEndpoints.id, pausedAt: webhookEndpoints.pausedAt })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', { message: WEBHOOK_MESSAGES.notFound });
  return row;
}

/** The endpoint's newest deliveries, for the log in Settings. */
export async function listDeliveries(
  db: Db,
  workspaceId: string,
  endpointId: string,
): Promise<WebhookDelivery[]> {
  await endpointOf(db, workspaceId, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_SIZE);
  return rows.map((row) => ({
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  }));
}

/** "Send test event": one `webhook.test` delivery to this endpoint, sent by the next sweep. */
export async function queueTestEvent(db: Db, workspaceId: string, endpointId: string): Promise<void> {
  const endpoint = await endpointOf(db, workspaceId, endpointId);
  if (endpoint.pausedAt) {
    throw new AppError('WEBHOOK_PAUSED');
  }
  const id = `msg_${randomUUID()}`;
  await db.insert(webhookDeliveries).values({
    id,
    endpointId,
    event: WEBHOOK_TEST_EVENT,
    payload: {
      type: WEBHOOK_TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: { workspaceId, message: 'A test event from Relaycast.' },
    },
    nextAttemptAt: new Date(),
  });
}

/**
 * "Resend": a delivery that failed or was delivered is tried again from the first attempt, with the same id
 * (the `webhook-id` receivers deduplicate on) and payload. A delivery still pending is left to its retries.
 */
export async function resendDelivery(
  db: Db,
  workspaceId: string,
  endpointId: string,
  deliveryId: string,
): Promise<void> {
  await endpointOf(db, workspaceId, endpointId);
  const requeued = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
      claimedUntil: null,
      deliveredAt: null,
      lastStatusCode: null,
      lastError: null,
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpointId),
        ne(webhookDeliveries.status, 'pending'),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (requeued.length > 0) return;
  const [pending] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (pending) throw new AppError('WEBHOOK_DELIVERY_PENDING');
  throw new AppError('NOT_FOUND', { message: WEBHOOK_MESSAGES.deliveryNotFound });
}

/**
 * SQL that queues `event` with `data` (a jsonb expression over `source`) for every endpoint of the workspace
 * `workspaceId` (an expression over `source`) subscribed to it: one INSERT … SELECT, nothing when none is.
 * `source` is a FROM item (a table or a CTE) the caller names.
 */
export function queueEventSql(
  event: WebhookEvent,
  source: ReturnType<typeof sql>,
  workspaceId: ReturnType<typeof sql>,
  data: ReturnType<typeof sql>,
) {
  return sql`
    insert into webhook_deliveries (id, endpoint_id, event, payload, next_attempt_at)
    select 'msg_' || gen_random_uuid()::text, e.id, ${event},
           jsonb_build_object('type', ${event}::text, 'timestamp', now(), 'data', ${data}),
           now()
    from ${source}
    join webhook_endpoints e on e.workspace_id = ${workspaceId} and ${event}::text = any(e.events)`;
}
