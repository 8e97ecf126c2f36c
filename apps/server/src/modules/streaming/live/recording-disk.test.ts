import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STREAMING_MESSAGES } from '@relaycast/shared/streaming';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChildHandle } from './child';
import { stopRecordingAtDiskReserve } from './recording';

/** The live recorder and the disk's reserve (docs/decisions/0061): the recorder alone stops, and says why. */

const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-recording-disk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MB = 1024 * 1024;
const log = { info: () => {}, warn: () => {} };

function recorderOf(bytes: number) {
  const file = path.join(dir, `${bytes}.flv`);
  writeFileSync(file, Buffer.alloc(bytes));
  const signals: NodeJS.Signals[] = [];
  let exited = false;
  const exitListeners: (() => void)[] = [];
  const child: ChildHandle = {
    pid: 1,
    kill(signal) {
      if (exited) return false;
      signals.push(signal);
      exited = true;
      for (const listener of exitListeners) listener();
      return true;
    },
    onProgress: () => {},
    onExit(listener) {
      const call = () => listener({ code: 0, signal: 'SIGINT', stderrTail: '' });
      if (exited) call();
      else exitListeners.push(call);
    },
  };
  return {
    session: {
      id: 's1',
      stopping: null as Promise<void> | null,
      recordingStoppedReason: null as string | null,
      recorder: { child, path: file },
    },
    signals,
  };
}

const diskWithRoom = (room: number) => ({ room: async () => room, assertRoom: async () => {} });

describe('a live recording and the disk reserve', () => {
  it('keeps recording while the disk can hold the recording again', async () => {
    const { session, signals } = recorderOf(MB);
    await stopRecordingAtDiskReserve(session, diskWithRoom(200 * MB), log);
    expect(signals).toEqual([]);
    expect(session.recordingStoppedReason).toBeNull();
  });

  it('stops the recorder cleanly (SIGINT: ffmpeg closes the file) and says why, once the room runs out', async () => {
    const { session, signals } = recorderOf(MB);
    await stopRecordingAtDiskReserve(session, diskWithRoom(MB), log);
    expect(signals).toEqual(['SIGINT']);
    expect(session.recordingStoppedReason).toBe(STREAMING_MESSAGES.recordingStoppedDiskFull);
    // Stopped once: a later check leaves it alone.
    await stopRecordingAtDiskReserve(session, diskWithRoom(0), log);
    expect(signals).toEqual(['SIGINT']);
  });
});
