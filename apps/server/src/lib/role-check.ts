import { forbiddenMessage, type Permission, roleCan } from '@relaycast/shared/roles';
import { AppError } from './app-error';

/**
 * The one check of a role against the table (packages/shared/src/roles.ts; docs/decisions/0041-roles.md): the
 * route hook asks it for the route's permission before the body is read, and a service asks it for a rule that
 * needs the row in hand (whose post, its state: `permissionToRemove`, decision 0059). 403 `FORBIDDEN`, in the
 * table's words unless the rule words it itself.
 */
export function assertRoleCan(
  role: string,
  permission: Permission,
  message?: string,
  headers: Record<string, string> = {},
): void {
  if (roleCan(role, permission)) return;
  throw new AppError('FORBIDDEN', {
    message: message ?? forbiddenMessage(role, permission),
    headers: headers,
  });
}
