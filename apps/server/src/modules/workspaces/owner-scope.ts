import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { workspaceMembers, workspaces } from '../../db/schema/index';

/**
 * Plan limits count across every workspace the paying owner owns (docs/decisions/0044-workspaces.md):
 * the connect limit (total and per platform), the storage quota and the usage page all count through this one
 * subquery, so no check and no meter disagree. It holds the workspace itself and every other non-demo
 * workspace whose owner also owns it (a generated demo workspace never uses up the owner's real allowance).
 */
export function sameOwnerWorkspaceIds(workspaceId: string | AnyColumn | Placeholder): SQL {
  return sql`(
    select ${workspaceId}::text
    union
    select o.workspace_id from ${workspaceMembers} o
      join ${workspaces} ow on ow.id = o.workspace_id and not ow.is_demo
    where o.role = 'owner' and o.user_id in (
      select w.user_id from ${workspaceMembers} w where w.workspace_id = ${workspaceId} and w.role = 'owner'
    )
  )`;
}

/** `column in (the workspaces of the same owner)`: the condition every limit count uses. */
export function inSameOwnerWorkspaces(column: AnyColumn, workspaceId: string | Placeholder): SQL {
  return sql`${column} in ${sameOwnerWorkspaceIds(workspaceId)}`;
}

/** The paying owner's user id (the workspace's own id if it has no owner): the key of the limit locks. */
export function ownerKeySql(workspaceId: string): SQL {
  return sql`coalesce((
    select w.user_id from ${workspaceMembers} w where w.workspace_id = ${workspaceId} and w.role = 'owner'
    order by w.created_at limit 1
  ), ${workspaceId}::text)`;
}

/** A lock per paying owner, so two connects in two of their workspaces cannot both take the last slot. */
export function ownerLockSql(workspaceId: string): SQL {
  return sql`select pg_advisory_xact_lock(hashtext('owner_limits:' || ${ownerKeySql(workspaceId)}))`;
}
