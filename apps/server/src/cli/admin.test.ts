import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConfig, createTestDatabase, type TestDatabase } from '../../test/test-app';
import { workspaces } from '../db/schema/index';
import { addOwner } from './admin.test-support';
import { runAdminCommand } from './admin-commands';

/** The administrator's `npm run admin` commands, in process on the suite's database (admin-pglite.test.ts runs the real process). */

const _repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

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
