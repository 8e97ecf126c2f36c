import { ENGAGEMENT_MESSAGES, ENGAGEMENT_PERIODS } from '@relaycast/shared/engagement';
import { Clock, Heart, MessageCircle, Reply } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngagementMetrics } from '@/api/engagement';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber, i18n } from '@/i18n';
import { toast } from '@/lib/toast';

const PERIOD_OPTIONS = ENGAGEMENT_PERIODS.map(String) as `${(typeof ENGAGEMENT_PERIODS)[number]}`[];

function MetricCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="p-5">
      <section aria-label={title}>
        <div className="flex items-center justify-between text-sm font-medium text-muted-foreground">
          <h2>{title}</h2>
          <span aria-hidden="true">{icon}</span>
        </div>
        <div className="mt-2 text-2xl font-semibold">{children}</div>
      </section>
    </Card>
  );
}

function Missing({ children }: { children: string }) {
  return <p className="text-sm font-normal text-muted-foreground">{children}</p>;
}

/** The four metric cards over a chosen period (spec: Total Likes, Comments, Response Rate, Avg Response Time). */
export function MetricCards({ days, onDaysChange }: { days: number; onDaysChange(days: number): void }) {
  const { t } = useTranslation('engagement');
  const metrics = useEngagementMetrics(days);
  // Once per failure (a retry that fails again shows it again).
  const failedAt = metrics.isError ? metrics.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt)
      toast.error(i18n.t(ENGAGEMENT_MESSAGES.metricsFailed, { ns: 'engagement' }), {
        id: `engagement-metrics-${failedAt}`,
      });
  }, [failedAt]);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label={t('Period')}
          size="sm"
          value={String(days) as (typeof PERIOD_OPTIONS)[number]}
          options={PERIOD_OPTIONS}
          format={(option) => t('Last {{count}} days', { count: Number(option) })}
          onChange={(value) => onDaysChange(Number(value))}
        />
      </div>
      {metrics.isPending ? (
        <div className="flex min-h-28 items-center justify-center rounded-lg border">
          <Spinner label={t('Loading engagement metrics')} />
        </div>
      ) : metrics.isError ? (
        <div role="alert" className="flex items-center justify-between gap-3 rounded-lg border p-4 text-sm">
          <span>{t(ENGAGEMENT_MESSAGES.metricsFailed)}</span>
          <Button size="sm" variant="outline" onClick={() => metrics.refetch()}>
            {t('Retry')}
          </Button>
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <MetricCard title={t('Total Likes')} icon={<Heart className="size-4" />}>
            {formatNumber(metrics.data.likes)}
          </MetricCard>
          <MetricCard title={t('Comments')} icon={<MessageCircle className="size-4" />}>
            {formatNumber(metrics.data.comments)}
            {/* The figure is what the team posted; beside it, what came in, so 0 never reads as "none arrived". */}
            <p className="text-sm font-normal text-muted-foreground">
              {t('posted · {{received}} received, {{unanswered}} unanswered', {
                received: formatNumber(metrics.data.commentsReceived),
                unanswered: formatNumber(metrics.data.commentsUnanswered),
              })}
            </p>
          </MetricCard>
          <MetricCard title={t('Response Rate')} icon={<Reply className="size-4" />}>
            {metrics.data.responseRate === null ? (
              <Missing>{t(ENGAGEMENT_MESSAGES.noInboundItems)}</Missing>
            ) : (
              t('{{value}}%', { value: formatNumber(metrics.data.responseRate) })
            )}
          </MetricCard>
          <MetricCard title={t('Avg Response Time')} icon={<Clock className="size-4" />}>
            {metrics.data.avgResponseTime === null ? (
              <Missing>
                {metrics.data.inboundItems === 0
                  ? t(ENGAGEMENT_MESSAGES.noInboundItems)
                  : t('No replies yet')}
              </Missing>
            ) : (
              t('{{value}} min', { value: formatNumber(metrics.data.avgResponseTime) })
            )}
          </MetricCard>
        </div>
      )}
    </div>
  );
}
