import {
  type CameraCorner,
  type customSceneInputSchema,
  FIXED_SCENES,
  MAX_CUSTOM_SCENES,
  type Scene,
  type SceneSource,
  STREAMING_MESSAGES,
} from '@relaycast/shared/streaming';
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { streamScenes } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { newStreamId, type StreamOwner } from './destinations.service';

type Row = typeof streamScenes.$inferSelect;

function toScene(row: Row): Scene {
  return {
    id: row.id,
    name: row.name,
    sources: row.sources as SceneSource[],
    cameraCorner: row.cameraCorner as CameraCorner,
    isCustom: true,
  };
}

const ownedBy = (owner: StreamOwner) =>
  and(eq(streamScenes.workspaceId, owner.workspaceId), eq(streamScenes.userId, owner.userId));

/** The three fixed scenes, then the user's own in the order they were made. */
export async function listScenes(db: Db, owner: StreamOwner): Promise<Scene[]> {
  const rows = await db
    .select()
    .from(streamScenes)
    .where(ownedBy(owner))
    .orderBy(asc(streamScenes.createdAt));
  return [...FIXED_SCENES, ...rows.map(toScene)];
}

export async function createScene(
  db: Db,
  owner: StreamOwner,
  input: z.output<typeof customSceneInputSchema>,
): Promise<Scene> {
  const [existing] = await db.select({ n: count() }).from(streamScenes).where(ownedBy(owner));
  if ((existing?.n ?? 0) >= MAX_CUSTOM_SCENES) {
    throw new AppError('SCENE_LIMIT', {
      message: `You can keep up to ${MAX_CUSTOM_SCENES} custom scenes. Remove one first.`,
    });
  }
  const [row] = await db
    .insert(streamScenes)
    .values({
      id: newStreamId(),
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      name: input.name,
      sources: input.sources,
      cameraCorner: input.cameraCorner,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toScene(row);
}

export async function deleteScene(db: Db, owner: StreamOwner, id: string): Promise<void> {
  const deleted = await db
    .delete(streamScenes)
    .where(and(ownedBy(owner), eq(streamScenes.id, id)))
    .returning({ id: streamScenes.id });
  if (deleted.length === 0) {
    throw new AppError('NOT_FOUND', { message: STREAMING_MESSAGES.sceneNotFound });
  }
}
