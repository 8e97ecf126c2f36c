import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { streamSessions, workspaceMembers } from '../../../db/schema/index';
import { mediaLimitsOf } from '../../workspaces/workspaces.service';
import { insertStartingSession } from '../stream-sessions.test-support';
import { keepRecording } from './recording';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-recording-'));
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What keepRecording logged, message by message. */
const logged: string[] = [];
const log = {
  info: (_: object, msg: string) => logged.push(msg),
  warn: (_: object, msg: string) => logged.push(msg),
};

/** A signed-in user's ended stream and the FLV its recorder wrote (one second of a test pattern). */
async function endedStream(name: string) {
  const owner = await signInAsNewUser(t);
  const [member] = await t.db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.organizationId, owner.workspaceId));
  const streamOwner = { workspaceId: owner.workspaceId, userId: member!.userId };
  const sessionId = await insertStartingSession(t.db, streamOwner);
  const flv = path.join(dir, `${name}.flv`);
  execFileSync(t.config.ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=10:d=1'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'flv', flv],
  ]);
  return { sessionId, owner: streamOwner, flv };
}

async function recordingOnSession(sessionId: string): Promise<string | null> {
  const [row] = await t.db
    .select({ recordingMediaId: streamSessions.recordingMediaId })
    .from(streamSessions)
    .where(eq(streamSessions.id, sessionId));
  return row!.recordingMediaId;
}

function deps() {
  const { mediaStorage: storage, mediaProcessor: processor, diskGuard: disk } = t.app;
  return { db: t.db, storage, processor, disk, log, ffmpegPath: t.config.ffmpegPath };
}

describe('keepRecording', () => {
  it('runs onStored once the file is in the library and before the stream names it as its recording', async () => {
    const { sessionId, owner, flv } = await endedStream('show');
    logged.length = 0;
    const seen: { mediaId: string; onSessionMeanwhile: string | null }[] = [];
    const mediaId = await keepRecording(
      deps(),
      { sessionId, owner, limits: mediaLimitsOf({ plan: null }, t.config), path: flv, name: 'Show.mp4' },
      async (kept) => {
        expect(kept.workspaceId).toBe(owner.workspaceId);
        seen.push({ mediaId: kept.mediaId, onSessionMeanwhile: await recordingOnSession(sessionId) });
      },
    );
    expect(mediaId).not.toBeNull();
    // Nobody could read the recording on the stream before what onStored set up (its analysis queued) existed.
    expect(seen).toEqual([{ mediaId, onSessionMeanwhile: null }]);
    expect(await recordingOnSession(sessionId)).toBe(mediaId);
    expect(logged).toEqual([]);
  });

  it('keeps the recording when onStored fails', async () => {
    const { sessionId, owner, flv } = await endedStream('failing');
    logged.length = 0;
    const mediaId = await keepRecording(
      deps(),
      { sessionId, owner, limits: mediaLimitsOf({ plan: null }, t.config), path: flv, name: 'Failing.mp4' },
      async () => {
        throw new Error('the queue is down');
      },
    );
    expect(mediaId).not.toBeNull();
    expect(await recordingOnSession(sessionId)).toBe(mediaId);
    expect(logged).toEqual(['could not queue the analysis of a recording']);
  });
});
