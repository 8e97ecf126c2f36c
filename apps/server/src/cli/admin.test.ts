import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConfig, createTestDatabase, type TestDatabase, testDriver } from '../../test/test-app';
import { openDatabase } from '../db/client';
import { users, workspaces } from '../db/schema/index';
import { createPersonalWorkspace } from '../modules/workspaces/workspaces.service';
import { runAdminCommand } from './admin-commands';

/** The administrator's `npm run admin` commands: in process on the suite's database, and as a real process on a PGlite data dir. */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

async function addOwner(db: TestDatabase['database']['db'], email: string, plan: unknown = undefined) {
  const id = `user-${email}`;
  await db.insert(users).values({ id, name: 'Ada Admin', email, inviteCode: `invite-${email}` });
  return createPersonalWorkspace(db, { id, name: 'Ada Admin' }, plan);
}

describe('the admin commands', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.cleanup());

  async function run(args: string[], billingMode: 'managed' | 'self-hosted' = 'self-hosted') {
    const lines: string[] = [];
    const config = { ...createTestConfig(), billingMode };
    const code = await runAdminCommand(args, {
      db: test.database.db,
      config,
      out: (line) => lines.push(line),
    });
    return { code, text: lines.join('\n') };
  }

  it('sets a plan by owner e-mail or workspace id, and back to none', async () => {
    const id = await addOwner(test.database.db, 'owner-one@example.com');
    expect(await run(['set-plan', 'Owner-One@example.com', 'premium'])).toMatchObject({ code: 0 });
    const [row] = await test.database.db.select().from(workspaces).where(eq(workspaces.id, id));
    expect(row?.plan).toBe('premium');
    expect((await run(['set-plan', id, 'none'])).code).toBe(0);
    const [after] = await test.database.db.select().from(workspaces).where(eq(workspaces.id, id));
    expect(after?.plan).toBeNull();
    const listed = await run(['list-workspaces']);
    expect(listed.text).toContain('Billing: self-hosted.');
    expect(listed.text).toContain(`${id}\towner-one@example.com`);
    expect(listed.text).toContain('limits=entrepreneur');
  });

  it('prints a reset link for an account, and refuses an unknown or missing address', async () => {
    await addOwner(test.database.db, 'locked-out@example.com');
    const made = await run(['reset-link', 'Locked-Out@example.com']);
    expect(made.code).toBe(0);
    expect(made.text).toContain('Reset link for locked-out@example.com (works once, until ');
    expect(made.text).toMatch(/\/reset-password\?token=[a-zA-Z0-9]{24}$/);
    expect(await run(['reset-link', 'nobody@example.com'])).toEqual({
      code: 1,
      text: 'No account with the e-mail "nobody@example.com".',
    });
    expect((await run(['reset-link'])).code).toBe(2);
  });

  it('refuses bad input with a message and a non-zero code, changing nothing', async () => {
    expect(await run(['set-plan', 'nobody@example.com', 'premium'])).toMatchObject({
      code: 1,
      text: 'No workspace owned by "nobody@example.com".',
    });
    expect(await run(['set-plan', 'missing-id', 'premium'])).toMatchObject({ code: 1 });
    expect((await run(['set-plan', 'x', 'gold'])).text).toContain('Unknown plan "gold"');
    expect((await run(['set-plan'])).code).toBe(2);
    expect((await run(['frobnicate'])).code).toBe(2);
    expect((await run([])).code).toBe(0);
  });
});

describe.runIf(testDriver === 'pglite')('npm run admin on a PGlite data dir', () => {
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
