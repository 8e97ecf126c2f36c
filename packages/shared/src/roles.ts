import type { PostStatus } from './posts';

/**
 * Workspace roles and what each may do (docs/decisions/0041-roles.md). This table is the one
 * definition: the members page shows it, and the server enforces it on every route (each `/api/` route declares
 * the permission it needs, or gets the default for its method: `view` to read, `write` to change).
 */

export const ROLES = ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an owner or admin can give by invitation or change to (ownership moves only by transfer). */
export const ASSIGNABLE_ROLES = [
  'admin',
  'editor',
  'contributor',
  'viewer',
] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  contributor: 'Contributor',
  viewer: 'Viewer',
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including billing, deleting the workspace and transferring ownership.',
  admin: 'Everything but billing and deleting the workspace: members, accounts, settings and keys.',
  editor:
    'Writes, schedules and publishes posts, deletes or restores anyone’s posts and files, answers the inbox and goes live.',
  contributor:
    'Writes drafts and uploads media, and deletes only their own drafts and uploads; cannot publish, invite, or see tokens and stream keys.',
  viewer: 'Sees the calendar, posts, inbox and analytics; changes nothing.',
};

/**
 * The permissions, from the least to the most trusted. `self` covers the caller's own things (profile,
 * password, two-factor, devices, API keys, personal settings, notifications): every member has it.
 */
export const PERMISSIONS = [
  'self',
  'view',
  'write',
  'publish',
  'engage',
  'stream',
  'manageAccounts',
  'manageWorkspace',
  'manageMembers',
  'billing',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<Permission, string> = {
  self: 'Own profile, security and preferences',
  view: 'See posts, the calendar, media, the inbox and analytics',
  write: 'Write drafts and upload media',
  publish: 'Schedule and publish posts, and delete or restore anyone’s posts and files',
  engage: 'Like, reply and send messages from the inbox',
  stream: 'Go live and manage stream destinations and keys',
  manageAccounts: 'Connect and disconnect social accounts',
  manageWorkspace: 'Workspace settings: AI provider, webhooks, report links',
  manageMembers: 'Invite, remove and change members',
  billing: 'Plan, billing and deleting the workspace',
};

const ALLOWED: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: [
    'self',
    'view',
    'write',
    'publish',
    'engage',
    'stream',
    'manageAccounts',
    'manageWorkspace',
    'manageMembers',
  ],
  editor: ['self', 'view', 'write', 'publish', 'engage', 'stream'],
  contributor: ['self', 'view', 'write'],
  viewer: ['self', 'view'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * A stored role as one of ROLES: `member`, the role Better Auth gave before the role table (decision 0042), reads
 * as editor; anything else unknown is null.
 */
export function normalizeRole(role: string): Role | null {
  if (isRole(role)) return role;
  return role === 'member' ? 'editor' : null;
}

/** Whether a role may do what a permission covers. An unknown role (an old or foreign row) may do nothing but `self`. */
export function roleCan(role: string, permission: Permission): boolean {
  const known = normalizeRole(role);
  if (!known) return permission === 'self';
  return ALLOWED[known].includes(permission);
}

/**
 * Whether a member is the workspace's owner: there is one, and ownership moves only by transfer, so the owner's
 * role is not changed, they are not removed and they do not leave (docs/decisions/0042-members-and-invitations.md).
 * A fact about a member, not a right: what a role may do is `roleCan`.
 */
export function isOwner(role: string): boolean {
  return role === 'owner';
}

/** The roles that hold a permission, for the members page's table and the route-wide tests. */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((role) => ALLOWED[role].includes(permission));
}

export const ROLE_MESSAGES = {
  /** A request refused by the role table; {role} is the caller's role label, {action} the permission's label. */
  forbidden: 'Your role ({role}) cannot do this: {action}. Ask a workspace owner or admin.',
  /** A delete or restore refused by `permissionToRemove` (someone else's work, or a post on its way out). */
  onlyOwnDrafts:
    'You can delete or restore only your own drafts and your own uploads. Ask an editor, an admin or the owner.',
} as const;

/**
 * The states of a post its author may delete or restore with `write` alone: not submitted, not scheduled, not
 * published (a post waiting for approval, approved or on its way out is the approvers' to remove).
 */
export const OWN_REMOVABLE_POST_STATUSES: readonly PostStatus[] = [
  'draft',
  'changes_requested',
  'rejected',
  'expired',
];

/**
 * What deleting or restoring a post or a media file needs (docs/decisions/0059-removing-others-work.md): `write`
 * for the caller's own draft (a post in OWN_REMOVABLE_POST_STATUSES) or own upload, `publish` for anything else,
 * as Buffer and Hootsuite let contributors remove only their own unsubmitted work. The server asks this with the
 * row in hand; the web hides a Delete the caller could not use.
 */
export function permissionToRemove(
  thing: { kind: 'post'; isOwn: boolean; status: PostStatus } | { kind: 'media'; isOwn: boolean },
): Permission {
  if (!thing.isOwn) return 'publish';
  if (thing.kind === 'media') return 'write';
  return OWN_REMOVABLE_POST_STATUSES.includes(thing.status) ? 'write' : 'publish';
}

/** Whether a role may delete or restore a post or file (permissionToRemove, then the table). */
export function canRemove(role: string, thing: Parameters<typeof permissionToRemove>[0]): boolean {
  return roleCan(role, permissionToRemove(thing));
}

/** The refusal's words for a role that may not do what a permission covers (the same on every route). */
export function forbiddenMessage(role: string, permission: Permission): string {
  const known = normalizeRole(role);
  return ROLE_MESSAGES.forbidden
    .replace('{role}', known ? ROLE_LABELS[known] : role)
    .replace('{action}', PERMISSION_LABELS[permission].toLowerCase());
}
