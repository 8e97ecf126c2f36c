/**
 * The clip analysis and the local transcription name the files they write (and the copy of an S3 file) to the
 * child-process registry, so a server killed with -9 midway has them removed at its next start
 * (docs/decisions/0058-child-processes.md). A stand-in ffmpeg copies the registry while it "runs".
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useChildRegistry } from '../../lib/child-processes';
import type { MediaStorage } from '../../lib/media/storage';
import type { MediaFileRow } from '../media/media.service';
import { analyseVideo } from './clips-analysis';
import { modelFiles, transcribeVideo } from './clips-transcript';

let dir: string;
let registry: string;
let snapshots: string;
let programs: { ffmpegPath: string; ffprobePath: string };

function program(name: string, body: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** An S3-like store: no local path, so the file is first copied into the temporary folder. */
const remoteStorage: MediaStorage = {
  kind: 's3',
  put: async () => {},
  get: async () => Readable.from([Buffer.from('not really a video')]),
  delete: async () => {},
};

const source = { id: 'media1', storageKey: 'w/media1.mp4', durationSeconds: 10 } as MediaFileRow;

function registeredTempPaths(): string[] {
  return readdirSync(snapshots).flatMap(
    (name) =>
      (JSON.parse(readFileSync(path.join(snapshots, name), 'utf8')) as { tempPaths: string[] }).tempPaths,
  );
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'clips-temp-'));
  registry = path.join(dir, 'registry');
  snapshots = path.join(dir, 'snapshots');
  mkdirSync(path.join(dir, 'tmp'));
  for (const file of Object.values(modelFiles(dir))) writeFileSync(file, '');
  programs = {
    // ffprobe finds a sound track; ffmpeg has the asr filter, and fails any real work after copying the registry.
    ffprobePath: program('ffprobe', `echo '{"streams":[{"codec_type":"audio"}]}'`),
    ffmpegPath: program(
      'ffmpeg',
      // The server writes a child's entry just after starting it: wait (2 s at most) for this one's own.
      `case "$*" in *filter=asr*) echo 'Filter asr'; exit 0;; esac\n` +
        `for i in $(seq 1 100); do grep -qs "\\"pid\\":$$," "${registry}"/* && break; sleep 0.02; done\n` +
        `cp "${registry}"/* "${snapshots}"/\nexit 1`,
    ),
  };
  useChildRegistry(registry, { dieWithParent: false });
});
beforeEach(() => {
  rmSync(snapshots, { recursive: true, force: true });
  mkdirSync(snapshots);
});
afterAll(() => {
  useChildRegistry(null);
  rmSync(dir, { recursive: true, force: true });
});

describe('temporary files of the clip generator', () => {
  it('lists what the analysis writes, and the copy of the stored file, while ffmpeg runs', async () => {
    await expect(
      analyseVideo(source, { storage: remoteStorage, ...programs, tempDir: path.join(dir, 'tmp') }),
    ).rejects.toThrow();
    const listed = registeredTempPaths();
    for (const suffix of ['-video.txt', '-audio.txt', '-left.txt', '-middle.txt', '-right.txt', '-source']) {
      expect(
        listed.some((file) => file.endsWith(suffix)),
        suffix,
      ).toBe(true);
    }
  });

  it('lists what the local transcription writes', async () => {
    await expect(
      transcribeVideo(source, {
        storage: remoteStorage,
        ...programs,
        tempDir: path.join(dir, 'tmp'),
        modelDir: dir,
      }),
    ).rejects.toThrow();
    const listed = registeredTempPaths();
    for (const suffix of ['-asr.txt', '-audio.mp3', '-source']) {
      expect(
        listed.some((file) => file.endsWith(suffix)),
        suffix,
      ).toBe(true);
    }
  });
});
