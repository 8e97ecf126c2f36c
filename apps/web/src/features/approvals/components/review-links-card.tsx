import { Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useReviewLinks, useRevokeReviewLink } from '@/api/approvals';
import { useTimeZone } from '@/api/settings';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { showError } from '@/lib/show-error';
import { formatDateTime } from '@/lib/time-zone';
import { toast } from '@/lib/toast';

/**
 * The client review links still open in this workspace, each with what it covers, who made it and when it ends,
 * and Revoke (the link stops working at once). A link's address is shown only when it is made.
 */
export function ReviewLinksCard() {
  const { t } = useTranslation('approvals');
  const timeZone = useTimeZone();
  const links = useReviewLinks(true);
  const revoke = useRevokeReviewLink();
  if (!links.data || links.data.length === 0) return null;
  return (
    <SettingsCard
      title={t('Open review links')}
      icon={Link2}
      description={t('Clients open these without an account. Revoke a link to close it at once.')}
    >
      <ul className="grid gap-2">
        {links.data.map((link) => (
          <li
            key={link.id}
            data-testid="review-link-row"
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm"
          >
            <span className="grid gap-0.5">
              <span className="font-medium wrap-anywhere">
                {link.postId
                  ? t('Post: {{excerpt}}', { excerpt: link.postExcerpt ?? '' })
                  : t('Week from {{date}}', {
                      date: formatDateTime(link.weekStart ?? link.createdAt, timeZone, {
                        dateStyle: 'medium',
                      }),
                    })}
              </span>
              <span className="text-muted-foreground">
                {t('Made by {{name}} · ends {{date}}', {
                  name: link.createdByName ?? '—',
                  date: formatDateTime(link.expiresAt, timeZone),
                })}
              </span>
            </span>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(link.id, {
                  onSuccess: () => toast.success(t('Review link revoked.')),
                  onError: (error) => showError(error),
                })
              }
            >
              {t('Revoke')}
            </Button>
          </li>
        ))}
      </ul>
    </SettingsCard>
  );
}
