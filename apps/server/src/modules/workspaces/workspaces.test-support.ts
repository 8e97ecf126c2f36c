import { expect } from 'vitest';
import type { SignedInUser } from '../../../test/auth-requests';

/** Creates a workspace through the API and switches the user's session to it; returns its id. */
export async function createAndSwitch(user: SignedInUser, name: string): Promise<string> {
  const created = await user.send('POST', '/api/workspaces', { name });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as string;
  const switched = await user.send('POST', `/api/workspaces/${id}/switch`);
  expect(switched.statusCode).toBe(204);
  return id;
}
