import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, REPO_ROOT } from './paths';

/** This release's version (apps/server/package.json). */
export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps', 'server', 'package.json'), 'utf8'));
  return String(pkg.version);
}

/** The newest migration this release carries (its database schema). */
export function newestMigrationTag(): string | null {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)?.tag ?? null;
}
