import type { TestDatabase } from '../../test/test-app';
import { users } from '../db/schema/index';
import { createPersonalWorkspace } from '../modules/workspaces/workspaces.service';

/** A user who owns a personal workspace (on `plan`, if given), as the admin commands find one. */
export async function addOwner(db: TestDatabase['database']['db'], email: string, plan: unknown = undefined) {
  const id = `user-${email}`;
  await db.insert(users).values({ id, name: 'Ada Admin', email, inviteCode: `invite-${email}` });
  return createPersonalWorkspace(db, { id, name: 'Ada Admin' }, plan);
}
