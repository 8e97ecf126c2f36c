import { afterEach, beforeEach, vi } from 'vitest';
import { useLowCostPasswordHashingInTests } from '../src/lib/password-hashing';

// A thousand sign-ups at Better Auth's scrypt cost were minutes of the suite: the tests hash at a low cost
// (lib/password-hashing.ts; password-hashing.test.ts checks the standard path).
useLowCostPasswordHashingInTests();

// An unexpected console.error is a bug somewhere: fail the test that caused it.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called: ${JSON.stringify(errors).slice(0, 500)}`);
});
