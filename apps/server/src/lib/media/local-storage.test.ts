import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { StorageNotFoundError } from './storage';

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
