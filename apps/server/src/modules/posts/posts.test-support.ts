import { randomUUID } from 'node:crypto';
import { mediaKindOf } from '@relaycast/shared/platforms';
import type { Post, PostInput } from '@relaycast/shared/posts';
import { expect } from 'vitest';
import type { SignedInUser } from '../../../test/auth-requests';
import type { TestApp } from '../../../test/test-app';
import { mediaFiles } from '../../db/schema/index';

/** Shared by the posts suites: media rows made directly and posts made through the API. */

export async function insertMedia(
  t: TestApp,
  workspaceId: string,
  file: {
    name: string;
    mimeType: string;
    sizeBytes: number;
    durationSeconds?: number;
    thumbnailKey?: string;
    width?: number;
    height?: number;
    /** Who uploaded it (null: nobody known, as for a file older than the column). */
    uploadedBy?: string;
  },
): Promise<string> {
  const id = randomUUID();
  await t.db.insert(mediaFiles).values({
    id,
    workspaceId,
    name: file.name,
    mimeType: file.mimeType,
    kind: mediaKindOf(file.mimeType) ?? 'image',
    sizeBytes: file.sizeBytes,
    durationSeconds: file.durationSeconds ?? null,
    width: file.width ?? null,
    height: file.height ?? null,
    storageKey: `test/${id}`,
    thumbnailKey: file.thumbnailKey ?? null,
    uploadedBy: file.uploadedBy ?? null,
  });
  return id;
}

/** Creates a post through the API and returns it (the request must succeed). */
export async function created(member: SignedInUser, input: PostInput): Promise<Post> {
  const res = await member.send('POST', '/api/posts', input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** An ISO instant `hours` from now, on a whole minute. */
export function hoursFromNow(hours: number): string {
  const date = new Date(Date.now() + hours * 3_600_000);
  date.setUTCSeconds(0, 0);
  return date.toISOString();
}
