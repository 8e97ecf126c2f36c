import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { streamIngestKeys } from '../../db/schema/index';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import type { StreamOwner } from './destinations.service';

/** Keys are what node-media-server accepts in a stream name: letters, digits, `-` and `_`. */
function newIngestKey(): string {
  return `rc_${randomBytes(18).toString('base64url')}`;
}

export function hashIngestKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The user's personal key, created on first use. */
export async function getIngestKey(db: Db, owner: StreamOwner, appSecret: string): Promise<string> {
  const [row] = await db
    .select()
    .from(streamIngestKeys)
    .where(eq(streamIngestKeys.userId, owner.userId))
    .limit(1);
  if (row) return decryptSecret(row.keyEncrypted, appSecret);
  const key = newIngestKey();
  await db
    .insert(streamIngestKeys)
    .values({
      userId: owner.userId,
      workspaceId: owner.workspaceId,
      keyHash: hashIngestKey(key),
      keyEncrypted: encryptSecret(key, appSecret),
    })
    .onConflictDoNothing();
  const [stored] = await db
    .select()
    .from(streamIngestKeys)
    .where(eq(streamIngestKeys.userId, owner.userId))
    .limit(1);
  if (!stored) throw new Error('ingest key not stored');
  return decryptSecret(stored.keyEncrypted, appSecret);
}

/** A new key; the old one stops working at once (a running OBS stream keeps going until it ends). */
export async function rotateIngestKey(db: Db, owner: StreamOwner, appSecret: string): Promise<string> {
  const key = newIngestKey();
  const values = {
    workspaceId: owner.workspaceId,
    keyHash: hashIngestKey(key),
    keyEncrypted: encryptSecret(key, appSecret),
    createdAt: new Date(),
  };
  await db
    .insert(streamIngestKeys)
    .values({ userId: owner.userId, ...values })
    .onConflictDoUpdate({ target: streamIngestKeys.userId, set: values });
  return key;
}

/** Whose key is this? Null for an unknown key. */
export async function findIngestKeyOwner(db: Db, key: string): Promise<StreamOwner | null> {
  const [row] = await db
    .select({ userId: streamIngestKeys.userId, workspaceId: streamIngestKeys.workspaceId })
    .from(streamIngestKeys)
    .where(eq(streamIngestKeys.keyHash, hashIngestKey(key)))
    .limit(1);
  return row ?? null;
}
