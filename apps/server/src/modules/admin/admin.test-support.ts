import { afterAll, beforeAll } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * A self-hosted server whose ADMIN_EMAILS names `admin` (lower-cased, as the configuration normalizes it)
 * and `someone` who is not: built before a file's first test, closed after its last.
 */
export function useAdminTestApp(): { t: TestApp; admin: SignedInUser; someone: SignedInUser } {
  const file = {} as { t: TestApp; admin: SignedInUser; someone: SignedInUser };
  beforeAll(async () => {
    file.t = await createTestApp({ config: { billingMode: 'self-hosted', adminEmails: [] } });
    file.admin = await signInAsNewUser(file.t, { name: 'Ida Admin' });
    file.someone = await signInAsNewUser(file.t, { name: 'Sid Someone' });
    file.t.config.adminEmails.push(file.admin.email.toLowerCase());
  }, 60_000);
  afterAll(() => file.t?.close());
  return file;
}
