import type { PostStatus } from '@relaycast/shared/posts';
import {
  canRemove,
  normalizeRole,
  PERMISSION_LABELS,
  type Permission,
  ROLE_LABELS,
  roleCan,
} from '@relaycast/shared/roles';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentWorkspace } from '@/api/usage';

/** Whether the caller's role in the current workspace allows a permission (null while the workspace loads). */
export function useCan(permission: Permission): boolean | null {
  const { data } = useCurrentWorkspace();
  return data ? roleCan(data.role, permission) : null;
}

/**
 * Whether the caller may delete or restore a post or file (the role table's `permissionToRemove`,
 * docs/decisions/0059-removing-others-work.md): a contributor sees Delete only on their own drafts and uploads.
 * True while the workspace loads (the server refuses anyway).
 */
export function useCanRemove(
  thing:
    | { kind: 'post'; ownerId: string | null; status: PostStatus }
    | { kind: 'media'; ownerId: string | null },
): boolean {
  const { data } = useCurrentWorkspace();
  if (!data) return true;
  const isOwn = thing.ownerId !== null && thing.ownerId === data.userId;
  return thing.kind === 'post'
    ? canRemove(data.role, { kind: 'post', isOwn, status: thing.status })
    : canRemove(data.role, { kind: 'media', isOwn });
}

/**
 * Shows `children` only to a role the role table allows (packages/shared/src/roles.ts); to anyone else, the reason,
 * in the same words the server refuses with. The server checks every route anyway: this spares the user a page
 * of errors, and the server refused requests (the page's children mount only once the role allows them).
 */
export function RoleGate({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { t, i18n } = useTranslation('members');
  const { data } = useCurrentWorkspace();
  // Nothing until the role is known: the page's own requests would be refused (403) for a role that may not.
  if (!data) return null;
  if (roleCan(data.role, permission)) return <>{children}</>;
  const role = normalizeRole(data.role);
  const action = t(PERMISSION_LABELS[permission]);
  return (
    <div
      role="status"
      data-testid="role-gate"
      className="mx-auto flex max-w-xl items-start gap-3 rounded-xl border bg-card p-5 text-sm shadow-sm"
    >
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <p>
        {t('Your role ({{role}}) cannot do this: {{action}}. Ask a workspace owner or admin.', {
          role: role ? t(ROLE_LABELS[role]) : data.role,
          // As the server words it in English; other languages keep their own capitals (German nouns).
          action: i18n.language.startsWith('en') ? action.toLowerCase() : action,
        })}
      </p>
    </div>
  );
}
