import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, lastFour } from './secrets';

const SECRET = 'a-test-app-secret-that-is-long-enough-1234';

describe('secrets at rest', () => {
  it('round-trips a secret and never stores the plaintext', () => {
    const stored = encryptSecret('sk-live-abcdef123456', SECRET);
    expect(stored).not.toContain('sk-live');
    expect(stored.startsWith('v1.')).toBe(true);
    expect(decryptSecret(stored, SECRET)).toBe('sk-live-abcdef123456');
  });

  it('uses a fresh IV each time', () => {
    expect(encryptSecret('same', SECRET)).not.toBe(encryptSecret('same', SECRET));
  });

  it('round-trips unicode and empty strings', () => {
    expect(decryptSecret(encryptSecret('clé 🔑', SECRET), SECRET)).toBe('clé 🔑');
    expect(decryptSecret(encryptSecret('', SECRET), SECRET)).toBe('');
  });

  it('refuses a value encrypted under another secret', () => {
    const stored = encryptSecret('token', SECRET);
    expect(() => decryptSecret(stored, `${SECRET}-other`)).toThrow();
  });

  it('refuses a tampered value', () => {
    const [version, iv, tag, data] = encryptSecret('token-value', SECRET).split('.');
    const flipped = Buffer.from(data ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      decryptSecret([version, iv, tag, flipped.toString('base64url')].join('.'), SECRET),
    ).toThrow();
    expect(() => decryptSecret('garbage', SECRET)).toThrow('not an encrypted secret');
  });

  it('shows only the last four characters', () => {
    expect(lastFour('sk-abcdefgh1234')).toBe('1234');
    expect(lastFour('abcd')).toBe('cd');
    expect(lastFour('')).toBe('');
  });
});
