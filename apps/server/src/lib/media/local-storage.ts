import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidKey, type ByteRange, type MediaStorage, StorageNotFoundError } from './storage';

/** Media on the local disk: one directory per workspace under `root`. */
export function createLocalStorage(root: string): MediaStorage {
  const pathOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, sourcePath) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write next to the target, then rename: a reader never sees half a file.
      const partial = `${target}.partial`;
      try {
        await rename(sourcePath, partial).catch(async (err: NodeJS.ErrnoException) => {
          // A temp directory on another file system cannot be renamed across: copy instead.
          if (err.code !== 'EXDEV') throw err;
          await copyFile(sourcePath, partial);
        });
        await rename(partial, target);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async get(key, range?: ByteRange): Promise<Readable> {
      const file = pathOf(key);
      try {
        await stat(file);
      } catch {
        throw new StorageNotFoundError(key);
      }
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async localPath(key) {
      const file = path.resolve(pathOf(key));
      try {
        await stat(file);
      } catch {
        throw new StorageNotFoundError(key);
      }
      return file;
    },
  };
}
