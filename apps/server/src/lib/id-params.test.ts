import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { idParams, MAX_ID_LENGTH } from './id-params';

describe('idParams', () => {
  it('takes every kind of id the server makes', () => {
    const ids = [
      randomUUID(),
      // Better Auth's ids (users, sessions, workspaces): 32 letters and digits.
      'a'.repeat(32),
      // Social account ids: base64url of 16 random bytes.
      randomBytes(16).toString('base64url'),
    ];
    for (const id of ids) expect(idParams.safeParse({ id }).success, id).toBe(true);
  });

  it('refuses an empty id and one longer than the maximum', () => {
    expect(idParams.safeParse({ id: '' }).success).toBe(false);
    expect(idParams.safeParse({ id: 'x'.repeat(MAX_ID_LENGTH) }).success).toBe(true);
    expect(idParams.safeParse({ id: 'x'.repeat(MAX_ID_LENGTH + 1) }).success).toBe(false);
  });
});
