import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { betterAuthContext, betterAuthStorages, withContextsOffBetweenCalls } from './better-auth-contexts';

/**
 * Better Auth's AsyncLocalStorage instances are on only while one of its calls runs (docs/decisions/0133): off,
 * the async hook that copies their store leaves every other request's promises alone.
 */

/** Whether the storage's hook is on (Node 20's AsyncLocalStorage keeps it in `enabled`). */
const isOn = (storage: AsyncLocalStorage<unknown>) => (storage as unknown as { enabled: boolean }).enabled;

/** Better Auth's global context (made at its first call, in the first test). */
function madeContext(): Record<string, unknown> {
  const context = betterAuthContext();
  if (!context) throw new Error("Better Auth's global context is not where it was");
  return context;
}

describe("Better Auth's storages between its calls", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are all off once its calls are done, and it still works at the next call', async () => {
    const ada = await signInAsNewUser(t, { name: 'Storage Off' });
    const storages = betterAuthStorages();
    expect(storages.length).toBeGreaterThan(0);
    for (const storage of storages) expect(isOn(storage)).toBe(false);
    // Signing out runs Better Auth again (its storages on for the call), then they are off again.
    expect((await ada.send('POST', '/api/auth/sign-out', {})).statusCode).toBe(200);
    expect((await ada.get('/api/workspaces/current')).statusCode).toBe(401);
    for (const storage of betterAuthStorages()) expect(isOn(storage)).toBe(false);
  });

  it('stay on while another call still runs, which keeps its store', async () => {
    const context = madeContext();
    const storage = new AsyncLocalStorage<string>();
    context.contextsTestStorage = storage;
    try {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const auth = withContextsOffBetweenCalls({
        handler: (_request: Request) =>
          storage.run('slow', async () => {
            await gate;
            return new Response(storage.getStore() ?? 'lost');
          }),
        api: { quick: () => storage.run('quick', async () => storage.getStore()) },
      });
      const slow = auth.handler(new Request('http://localhost/'));
      expect(await auth.api.quick()).toBe('quick');
      expect(isOn(storage)).toBe(true);
      release();
      expect(await (await slow).text()).toBe('slow');
      expect(isOn(storage)).toBe(false);
    } finally {
      delete context.contextsTestStorage;
    }
  });

  it('are off after a call that fails, and a value that is not a call passes as it is', async () => {
    const context = madeContext();
    const storage = new AsyncLocalStorage<string>();
    context.contextsTestStorage = storage;
    try {
      const auth = withContextsOffBetweenCalls({
        handler: () => storage.run('h', async () => new Response('ok')),
        api: {
          fails: () =>
            storage.run('f', async () => {
              throw new Error('refused');
            }),
          label: 'not a call',
        },
      });
      await expect(auth.api.fails()).rejects.toThrow('refused');
      expect(isOn(storage)).toBe(false);
      expect(auth.api.label).toBe('not a call');
      expect(auth.api.fails).toBe(auth.api.fails);
    } finally {
      delete context.contextsTestStorage;
    }
  });
});
