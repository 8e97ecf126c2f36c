import { useTranslation } from 'react-i18next';
import { useAdminWorkspaces } from '@/api/billing';
import { AdminWorkspaces } from '@/features/usage/components/admin-workspaces';
import { ApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { NotFoundPage } from './not-found';

/** /admin: the instance administrator's page; to anyone not in ADMIN_EMAILS (the API's 404), the not-found page. */
export function AdminPage() {
  const { t } = useTranslation('usage');
  const { error } = useAdminWorkspaces();
  usePageMeta(t('Administration'), t('The workspaces of this server and their plans.'));
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  return <AdminWorkspaces />;
}
