import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import {
  hashPassword as standardHashPassword,
  verifyPassword as standardVerifyPassword,
} from 'better-auth/crypto';

/**
 * How passwords are hashed: Better Auth's scrypt (N=16384, r=16, 16 MB: 0.1-0.2 s of CPU a hash, which is the
 * point). The server's test suites sign up over a thousand accounts, two hashes each, so their setup switches to a
 * low-cost scrypt (N=1024, r=8) whose hashes carry a prefix of their own (docs/decisions/0122). A hash with that
 * prefix is refused unless the switch is on, and nothing but the tests' setup turns it on: a server never writes
 * or accepts one.
 */
const LOW_COST_PREFIX = 'scrypt-low-cost$';
const LOW_COST = { N: 1024, r: 8, p: 1, keyLength: 64 } as const;
let lowCost = false;

const derive = promisify(scrypt) as (
  password: string,
  salt: string,
  keyLength: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

/** The tests' setup only: hashes from here on are low-cost ones (see above); `false` goes back to the standard. */
export function useLowCostPasswordHashingInTests(on = true): void {
  lowCost = on;
}

export async function hashPassword(password: string): Promise<string> {
  if (!lowCost) return standardHashPassword(password);
  const salt = randomBytes(16).toString('hex');
  const key = await derive(password.normalize('NFKC'), salt, LOW_COST.keyLength, LOW_COST);
  return `${LOW_COST_PREFIX}${salt}:${key.toString('hex')}`;
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  if (!hash.startsWith(LOW_COST_PREFIX)) return standardVerifyPassword({ hash, password });
  if (!lowCost) return false;
  const [salt, key] = hash.slice(LOW_COST_PREFIX.length).split(':');
  if (!salt || !key) return false;
  const expected = Buffer.from(key, 'hex');
  const actual = await derive(password.normalize('NFKC'), salt, LOW_COST.keyLength, LOW_COST);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
