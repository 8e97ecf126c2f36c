import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { readsWhileKept } from '../../../test/kept-reads';
import { createQueryLoggedApp, type QueryLog } from '../../../test/query-log';
import type { TestApp } from '../../../test/test-app';
import { workspaceAiSettings } from '../../db/schema/index';
import { tableWrites } from '../../db/table-writes';
import { AI_SETTINGS_TABLES, providerSettingsFor } from './ai-settings';

/**
 * A workspace's AI provider settings kept between requests (docs/decisions/0136): whatever changes them (the
 * settings page, any statement, in a transaction too) is used by the very next AI call, on both databases. Another
 * process's write on PostgreSQL: session-kept-processes.test.ts.
 */

let t: TestApp & { queries: QueryLog };
beforeAll(async () => {
  t = await createQueryLoggedApp();
});
afterAll(() => t.close());

const SETTINGS_READ = /^select .* from "workspace_ai_settings"/;

async function withProvider(name: string, model: string) {
  const ada = await signInAsNewUser(t, { name });
  const saved = await ada.send('PUT', '/api/ai/settings', {
    provider: 'openai',
    baseUrl: '',
    model,
    apiKey: 'sk-first-key',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return ada;
}

const settingsOf = (member: SignedInUser) => providerSettingsFor(t.db, t.config, member.workspaceId);

function settingsReadsOf(member: SignedInUser) {
  return readsWhileKept(tableWrites(t.db, AI_SETTINGS_TABLES), async () =>
    (await t.queries.during(() => settingsOf(member))).filter((text) => SETTINGS_READ.test(text)),
  );
}

describe('the AI provider settings read between requests', () => {
  it('are read once while nothing changes, and again after any write to their table', async () => {
    const ada = await withProvider('Kept Provider', 'model-one');
    expect(await settingsReadsOf(ada)).toEqual([]);
    expect((await settingsOf(ada))?.model).toBe('model-one');
    await t.db
      .update(workspaceAiSettings)
      .set({ model: 'model-one' })
      .where(eq(workspaceAiSettings.workspaceId, ada.workspaceId));
    const again = (await t.queries.during(() => settingsOf(ada))).filter((text) => SETTINGS_READ.test(text));
    expect(again).toHaveLength(1);
  });

  it('a model and key saved on the settings page are used by the next call', async () => {
    const ada = await withProvider('Saved Again', 'model-one');
    expect(await settingsReadsOf(ada)).toEqual([]);
    const saved = await ada.send('PUT', '/api/ai/settings', {
      provider: 'openai',
      baseUrl: '',
      model: 'model-two',
      apiKey: 'sk-second-key',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const next = await settingsOf(ada);
    expect(next?.model).toBe('model-two');
    expect(next?.apiKey).toBe('sk-second-key');
  });

  it('settings removed by any statement, in a transaction too, are gone for the next call', async () => {
    const ada = await withProvider('Removed Provider', 'model-one');
    expect(await settingsReadsOf(ada)).toEqual([]);
    await t.db.transaction(async (tx) => {
      await tx.delete(workspaceAiSettings).where(eq(workspaceAiSettings.workspaceId, ada.workspaceId));
    });
    // The test server configures no provider of its own: without the workspace's, there is none.
    expect(await settingsOf(ada)).toBeNull();
  });

  it("keeps each workspace's own settings apart", async () => {
    const ada = await withProvider('First Workspace', 'model-ada');
    const bob = await withProvider('Second Workspace', 'model-bob');
    expect((await settingsOf(ada))?.model).toBe('model-ada');
    expect((await settingsOf(bob))?.model).toBe('model-bob');
    expect((await settingsOf(ada))?.model).toBe('model-ada');
  });
});
