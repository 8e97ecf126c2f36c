import {
  PERMISSION_LABELS,
  PERMISSIONS,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLES,
  roleCan,
} from '@relaycast/shared/roles';
import { Check, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** What each role may do: the one table of packages/shared/src/roles.ts, as the server enforces it. */
export function RoleTable() {
  const { t } = useTranslation('members');
  return (
    <div className="grid gap-3">
      <ul className="grid gap-1 text-sm">
        {ROLES.map((role) => (
          <li key={role}>
            <span className="font-medium">{t(ROLE_LABELS[role])}</span>
            {': '}
            <span className="text-muted-foreground">{t(ROLE_DESCRIPTIONS[role])}</span>
          </li>
        ))}
      </ul>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{t('What each role may do')}</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('Permission')}
              </th>
              {ROLES.map((role) => (
                <th key={role} scope="col" className="px-2 py-2 text-center font-medium">
                  {t(ROLE_LABELS[role])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PERMISSIONS.map((permission) => (
              <tr key={permission} className="border-b last:border-0">
                <th scope="row" className="py-2 pr-3 font-normal">
                  {t(PERMISSION_LABELS[permission])}
                </th>
                {ROLES.map((role) => (
                  <td key={role} className="px-2 py-2 text-center">
                    {roleCan(role, permission) ? (
                      <Check aria-label={t('Yes')} className="mx-auto size-4 text-primary" />
                    ) : (
                      <Minus aria-label={t('No')} className="mx-auto size-4 text-muted-foreground" />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
