import { verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword, useLowCostPasswordHashingInTests, verifyPassword } from './password-hashing';

describe('password hashing', () => {
  afterAll(() => useLowCostPasswordHashingInTests());

  it('hashes as Better Auth does on a server, and refuses a low-cost hash there', async () => {
    useLowCostPasswordHashingInTests(true);
    const lowCostHash = await hashPassword('correct-horse-battery');
    expect(lowCostHash.startsWith('scrypt-low-cost$')).toBe(true);

    useLowCostPasswordHashingInTests(false);
    const hash = await hashPassword('correct-horse-battery');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash, password: 'correct-horse-battery' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'correct-horse-battery' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'correct-horse-batterx' })).toBe(false);
    // Only the tests' setup turns the low cost on: a server never accepts such a hash, even with the right password.
    expect(await verifyPassword({ hash: lowCostHash, password: 'correct-horse-battery' })).toBe(false);
  });

  it('in the tests, hashes at a low cost and still checks both kinds', async () => {
    useLowCostPasswordHashingInTests(false);
    const standard = await hashPassword('correct-horse-battery');
    useLowCostPasswordHashingInTests(true);
    const hash = await hashPassword('correct-horse-battery');
    expect(hash).toMatch(/^scrypt-low-cost\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hashPassword('correct-horse-battery')).not.toBe(hash);
    expect(await verifyPassword({ hash, password: 'correct-horse-battery' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'correct-horse-batterx' })).toBe(false);
    expect(
      await verifyPassword({ hash: `${hash.split(':')[0]}:00`, password: 'correct-horse-battery' }),
    ).toBe(false);
    expect(await verifyPassword({ hash: standard, password: 'correct-horse-battery' })).toBe(true);
  });
});
