import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository root, found by walking up from this module. Works from the sources (tsx, Vitest) and from
 * the esbuild bundle in apps/server/dist alike.
 */
function findRepoRoot(start: string): string {
  let dir = start;
  while (true) {
    if (existsSync(path.join(dir, 'apps', 'server', 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the Relaycast repository root above ${start}`);
    dir = parent;
  }
}

export const REPO_ROOT = findRepoRoot(import.meta.dirname);
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps', 'server', 'src', 'db', 'migrations');
export const DEFAULT_WEB_DIST_DIR = path.join(REPO_ROOT, 'apps', 'web', 'dist');
