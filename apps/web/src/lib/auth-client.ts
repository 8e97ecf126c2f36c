import { createAuthClient } from 'better-auth/react';

/** Better Auth's browser client, same origin (`/api/auth`), cookies included. */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  fetchOptions: { credentials: 'include' },
});
