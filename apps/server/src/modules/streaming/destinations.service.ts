import { randomBytes } from 'node:crypto';
import {
  getStreamPlatform,
  STREAMING_MESSAGES,
  type StreamDestination,
  type StreamDestinationPatch,
  type StreamPlatformId,
  type streamDestinationInputSchema,
  type streamDestinationPatchSchema,
} from '@relaycast/shared/streaming';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { streamDestinations } from '../../db/schema/index';
import type { AddressPolicy } from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import { decryptSecret, encryptSecret, lastFour } from '../../lib/secrets';
import { assertDestinationAllowed } from './destination-address';

/** Who is asking: destinations, scenes and streams belong to one user in one workspace. */
export interface StreamOwner {
  userId: string;
  workspaceId: string;
}

type Row = typeof streamDestinations.$inferSelect;

export function newStreamId(): string {
  return randomBytes(16).toString('base64url');
}

function toDestination(row: Row): StreamDestination {
  return {
    id: row.id,
    platform: row.platform as StreamPlatformId,
    name: row.name,
    rtmpUrl: row.rtmpUrl,
    keyLastFour: row.keyLastFour,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
  };
}

const ownedBy = (owner: StreamOwner) =>
  and(eq(streamDestinations.workspaceId, owner.workspaceId), eq(streamDestinations.userId, owner.userId));

export async function listDestinations(db: Db, owner: StreamOwner): Promise<StreamDestination[]> {
  const rows = await db
    .select()
    .from(streamDestinations)
    .where(ownedBy(owner))
    .orderBy(asc(streamDestinations.createdAt));
  return rows.map(toDestination);
}

export async function createDestination(
  db: Db,
  owner: StreamOwner,
  input: z.output<typeof streamDestinationInputSchema>,
  appSecret: string,
  addressPolicy: AddressPolicy,
): Promise<StreamDestination> {
  await assertDestinationAllowed(input.rtmpUrl, addressPolicy);
  const [row] = await db
    .insert(streamDestinations)
    .values({
      id: newStreamId(),
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      platform: input.platform,
      name: input.name || getStreamPlatform(input.platform).name,
      rtmpUrl: input.rtmpUrl,
      streamKeyEncrypted: encryptSecret(input.streamKey, appSecret),
      keyLastFour: lastFour(input.streamKey),
      enabled: input.enabled,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toDestination(row);
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', { message: STREAMING_MESSAGES.destinationNotFound });
}

export async function updateDestination(
  db: Db,
  owner: StreamOwner,
  id: string,
  patch: z.output<typeof streamDestinationPatchSchema> & StreamDestinationPatch,
  appSecret: string,
  addressPolicy: AddressPolicy,
): Promise<StreamDestination> {
  if (patch.rtmpUrl !== undefined) await assertDestinationAllowed(patch.rtmpUrl, addressPolicy);
  const set: Partial<typeof streamDestinations.$inferInsert> = { updatedAt: new Date() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.rtmpUrl !== undefined) set.rtmpUrl = patch.rtmpUrl;
  if (patch.enabled !== undefined) set.enabled = patch.enabled;
  if (patch.streamKey !== undefined) {
    set.streamKeyEncrypted = encryptSecret(patch.streamKey, appSecret);
    set.keyLastFour = lastFour(patch.streamKey);
  }
  const [row] = await db
    .update(streamDestinations)
    .set(set)
    .where(and(ownedBy(owner), eq(streamDestinations.id, id)))
    .returning();
  if (!row) throw notFound();
  if (set.name === '') {
    const [renamed] = await db
      .update(streamDestinations)
      .set({ name: getStreamPlatform(row.platform as StreamPlatformId).name })
      .where(eq(streamDestinations.id, id))
      .returning();
    if (renamed) return toDestination(renamed);
  }
  return toDestination(row);
}

export async function deleteDestination(db: Db, owner: StreamOwner, id: string): Promise<void> {
  const deleted = await db
    .delete(streamDestinations)
    .where(and(ownedBy(owner), eq(streamDestinations.id, id)))
    .returning({ id: streamDestinations.id });
  if (deleted.length === 0) throw notFound();
}

/** What the engine needs to go live: the enabled (or chosen) destinations with their keys decrypted. */
export interface LiveDestination {
  id: string;
  platform: StreamPlatformId;
  name: string;
  /** Server URL + key: secret, never logged or sent to the browser. */
  rtmpUrl: string;
  streamKey: string;
}

export async function loadLiveDestinations(
  db: Db,
  owner: StreamOwner,
  appSecret: string,
  ids?: string[],
): Promise<LiveDestination[]> {
  const rows = await db
    .select()
    .from(streamDestinations)
    .where(
      and(
        ownedBy(owner),
        ids
          ? inArray(streamDestinations.id, ids.length > 0 ? ids : [''])
          : eq(streamDestinations.enabled, true),
      ),
    )
    .orderBy(asc(streamDestinations.createdAt));
  return rows.map((row) => ({
    id: row.id,
    platform: row.platform as StreamPlatformId,
    name: row.name,
    rtmpUrl: row.rtmpUrl,
    streamKey: decryptSecret(row.streamKeyEncrypted, appSecret),
  }));
}
