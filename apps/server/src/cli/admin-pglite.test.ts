import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { workspaces } from '../db/schema/index';
import { addOwner } from './admin.test-support';

/** `npm run admin` as a real process on a stopped server's PGlite data dir (runs once, on the PGlite project). */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('npm run admin on a PGlite data dir', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'relaycast-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('sets a plan while the server is stopped, and the change is stored', async () => {
    const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await database.migrate();
    const id = await addOwner(database.db, 'cli-owner@example.com');
    await database.close();

    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      STRIPE_SECRET_KEY: '',
    };
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], {
        cwd: repoRoot,
        env,
        encoding: 'utf8',
        timeout: 120_000,
      });
    const set = cli(['set-plan', 'cli-owner@example.com', 'standard']);
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).toContain(`Workspace ${id}: plan standard`);
    const listed = cli(['list-workspaces']);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('plan=standard');

    const reopened = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const [row] = await reopened.db.select().from(workspaces).where(eq(workspaces.id, id));
    await reopened.close();
    expect(row?.plan).toBe('standard');
  }, 300_000);
});
