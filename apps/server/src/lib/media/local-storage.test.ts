import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { type MediaStorage, StorageNotFoundError, withSeekableFile } from './storage';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-local-storage-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local media storage', () => {
  it('moves the file under its key, reads it whole or in part, and deletes it', async () => {
    const storage = createLocalStorage(path.join(dir, 'media'));
    const source = path.join(dir, 'upload');
    writeFileSync(source, 'hello, media library');
    await storage.put('ws1/abc.png', source, 'image/png');
    expect(readFileSync(path.join(dir, 'media', 'ws1', 'abc.png'), 'utf8')).toBe('hello, media library');
    expect(existsSync(source)).toBe(false);
    expect(await text(await storage.get('ws1/abc.png'))).toBe('hello, media library');
    expect(await text(await storage.get('ws1/abc.png', { start: 7, end: 11 }))).toBe('media');
    await storage.delete('ws1/abc.png');
    await storage.delete('ws1/abc.png');
    await expect(storage.get('ws1/abc.png')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('refuses keys that could leave its directory', async () => {
    const storage = createLocalStorage(path.join(dir, 'media'));
    for (const key of ['../outside.png', 'ws1/../../x', '/etc/passwd', 'ws1/sub/dir.png', 'ws1/..']) {
      await expect(storage.delete(key)).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('withSeekableFile', () => {
  it('gives the stored file itself on the local disk, and copies nothing', async () => {
    const storage = createLocalStorage(path.join(dir, 'seekable'));
    const source = path.join(dir, 'seekable-upload');
    writeFileSync(source, 'a video, say');
    await storage.put('ws1/video.mp4', source, 'video/mp4');
    const temp = path.join(dir, 'seekable-copy');
    const seen = await withSeekableFile(storage, 'ws1/video.mp4', temp, async (file) => {
      expect(existsSync(temp)).toBe(false);
      return { file, body: readFileSync(file, 'utf8') };
    });
    expect(seen).toEqual({ file: path.join(dir, 'seekable', 'ws1', 'video.mp4'), body: 'a video, say' });
    expect(readFileSync(seen.file, 'utf8')).toBe('a video, say');
    await expect(withSeekableFile(storage, 'ws1/gone.mp4', temp, async () => 1)).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
  });

  it('copies from a storage without local files, and removes the copy even when the work fails', async () => {
    const local = createLocalStorage(path.join(dir, 'remote'));
    const source = path.join(dir, 'remote-upload');
    writeFileSync(source, 'bytes from afar');
    await local.put('ws1/far.mp4', source, 'video/mp4');
    // As S3 is: bytes through get, no path on this disk.
    const remote: MediaStorage = { kind: 's3', put: local.put, get: local.get, delete: local.delete };
    const temp = path.join(dir, 'remote-copy');
    const body = await withSeekableFile(remote, 'ws1/far.mp4', temp, async (file) => {
      expect(file).toBe(temp);
      return readFileSync(file, 'utf8');
    });
    expect(body).toBe('bytes from afar');
    expect(existsSync(temp)).toBe(false);
    await expect(
      withSeekableFile(remote, 'ws1/far.mp4', temp, async () => {
        throw new Error('ffmpeg failed');
      }),
    ).rejects.toThrow('ffmpeg failed');
    expect(existsSync(temp)).toBe(false);
  });
});
