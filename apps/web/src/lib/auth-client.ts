import { twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * Better Auth's browser client, same origin (`/api/auth`), cookies included. The two-factor plugin adds its
 * endpoints; a sign-in that needs a code answers `twoFactorRedirect` and the login form asks for it in place.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  fetchOptions: { credentials: 'include' },
  plugins: [twoFactorClient()],
});
