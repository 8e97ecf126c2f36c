import { randomUUID } from 'node:crypto';
import type { SignedInUser } from '../../../test/auth-requests';
import type { TestApp } from '../../../test/test-app';
import { plannedStreams, streamDestinations } from '../../db/schema/index';

/** Shared by the planned-stream suites: destinations and planned streams written directly. */

export function minutesFromNow(minutes: number, now = Date.now()): string {
  return new Date(now + minutes * 60_000).toISOString();
}

export async function insertDestination(t: TestApp, member: SignedInUser, name = 'Twitch'): Promise<string> {
  const id = randomUUID();
  await t.db.insert(streamDestinations).values({
    id,
    workspaceId: member.workspaceId,
    userId: member.userId,
    platform: 'twitch',
    name,
    rtmpUrl: 'rtmp://127.0.0.1:1935/app',
    streamKeyEncrypted: 'not-a-real-ciphertext',
    keyLastFour: 'abcd',
  });
  return id;
}

/** A planned stream at any instant (the API refuses past ones). */
export async function insertPlannedStream(
  t: TestApp,
  member: SignedInUser,
  values: { title: string; scheduledAt: string; timezone?: string },
): Promise<string> {
  const id = randomUUID();
  await t.db.insert(plannedStreams).values({
    id,
    workspaceId: member.workspaceId,
    userId: member.userId,
    title: values.title,
    scheduledAt: new Date(values.scheduledAt),
    timezone: values.timezone ?? 'UTC',
  });
  return id;
}
