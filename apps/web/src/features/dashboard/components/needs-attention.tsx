import {
  DASHBOARD_MESSAGES,
  type DashboardAttention,
  type DashboardReconnect,
} from '@relaycast/shared/dashboard';
import { PLATFORMS } from '@relaycast/shared/platforms';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, PlugZap, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dashboardKey } from '@/api/dashboard';
import { useTargetAction } from '@/api/posts';
import { useTimeZone } from '@/api/settings';
import { PlatformIcon } from '@/components/platform-icon';
import { Button } from '@/components/ui/button';
import { i18n } from '@/i18n';
import { TARGET_STATUS_LABELS } from '@/lib/post-status';
import { showError } from '@/lib/show-error';
import { formatInstant } from '@/lib/time-zone';
import { DashboardSection } from './dashboard-section';

const TEXT = DASHBOARD_MESSAGES;

function RetryButton({ item }: { item: DashboardAttention }) {
  const { t } = useTranslation('dashboard');
  const retry = useTargetAction();
  const queryClient = useQueryClient();
  async function onRetry() {
    try {
      await retry.mutateAsync({ postId: item.postId, targetId: item.targetId, action: 'retry' });
      await queryClient.invalidateQueries({ queryKey: dashboardKey });
    } catch (error) {
      showError(error, i18n.t('Could not retry.', { ns: 'dashboard' }));
    }
  }
  return (
    <Button size="sm" variant="outline" onClick={() => void onRetry()} disabled={retry.isPending}>
      <RotateCcw aria-hidden="true" className="size-3.5" />
      {t(TEXT.retry)}
      <span className="sr-only">
        {' '}
        {t('“{{excerpt}}” on {{platform}}', {
          excerpt: item.excerpt,
          platform: PLATFORMS[item.platform].name,
        })}
      </span>
    </Button>
  );
}

/**
 * What needs the user: targets that failed or wait for a decision (with the platform's reason, a retry for failed
 * ones and the composer for the rest, as on the calendar) and accounts to reconnect.
 */
export function NeedsAttention({
  items,
  total,
  reconnect,
}: {
  items: DashboardAttention[];
  total: number;
  reconnect: DashboardReconnect[];
}) {
  const { t } = useTranslation('dashboard');
  const calm = items.length === 0 && reconnect.length === 0;
  const timeZone = useTimeZone();
  return (
    <DashboardSection id="dashboard-attention" title={t(TEXT.attentionHeading)}>
      {calm ? <p className="text-sm text-muted-foreground">{t(TEXT.noAttention)}</p> : null}
      {reconnect.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">{t(TEXT.reconnectHeading)}</h3>
          <ul className="grid gap-2">
            {reconnect.map((account) => (
              <li
                key={account.accountId}
                className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-amber-500/40 bg-amber-500/5 px-3 py-2"
              >
                <PlatformIcon platform={account.platform} labelled className="size-4" />
                <span className="min-w-0 flex-1 text-sm">
                  <span className="font-medium wrap-anywhere">{account.displayName || account.handle}</span>
                  {account.lastError ? (
                    <span className="block text-xs text-muted-foreground wrap-anywhere">
                      {account.lastError}
                    </span>
                  ) : null}
                </span>
                <Link
                  to="/connected-accounts"
                  className="inline-flex items-center gap-1 rounded-md border bg-background px-2.5 py-1 text-sm font-medium hover:bg-muted"
                >
                  <PlugZap aria-hidden="true" className="size-3.5" />
                  {t(TEXT.reconnect)}
                  <span className="sr-only">
                    {' '}
                    {t('{{handle}} on {{platform}}', {
                      handle: account.handle,
                      platform: PLATFORMS[account.platform].name,
                    })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {items.length > 0 ? (
        <ul className="grid gap-2">
          {items.map((item) => (
            <li
              key={item.targetId}
              className="flex min-w-0 flex-col gap-2 rounded-md border border-destructive/30 px-3 py-2.5"
            >
              <span className="flex min-w-0 items-center gap-2 text-sm">
                <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-destructive" />
                <PlatformIcon platform={item.platform} labelled className="size-3.5" />
                <span className="min-w-0 flex-1 truncate font-medium">
                  {item.excerpt || PLATFORMS[item.platform].name}
                </span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {t(TARGET_STATUS_LABELS[item.status])}
                </span>
              </span>
              <p className="text-sm text-destructive wrap-anywhere">
                {PLATFORMS[item.platform].name}: {item.reason}
              </p>
              <span className="flex flex-wrap items-center gap-2">
                {item.canRetry ? <RetryButton item={item} /> : null}
                <Link
                  to={`/post-composer?post=${encodeURIComponent(item.postId)}`}
                  className="text-sm font-medium text-primary hover:underline"
                >
                  {t(TEXT.openPost)}
                </Link>
                {item.scheduledAt ? (
                  <span className="text-xs text-muted-foreground">
                    {formatInstant(item.scheduledAt, timeZone)}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
          {total > items.length ? (
            <li className="text-sm text-muted-foreground">
              <Link to="/calendar" className="font-medium text-primary hover:underline">
                {t('{{count}} more in the calendar', { count: total - items.length })}
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </DashboardSection>
  );
}
