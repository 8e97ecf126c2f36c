import { DASHBOARD_MESSAGES, type Dashboard, percentChange } from '@relaycast/shared/dashboard';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/i18n';
import { cn } from '@/lib/cn';

const TEXT = DASHBOARD_MESSAGES;
const formatCount = (value: number) => formatNumber(value);

function Change({ current, previous }: { current: number | null; previous: number | null }) {
  const { t } = useTranslation('dashboard');
  const change = percentChange(current, previous);
  if (change === null) {
    return (
      <span className="text-xs text-muted-foreground">
        {previous === null ? '' : t('vs {{value}}', { value: formatCount(previous) })}
      </span>
    );
  }
  const digits = change !== 0 && Math.abs(change) < 10 ? 1 : 0;
  const Icon = change > 0 ? ArrowUpRight : change < 0 ? ArrowDownRight : Minus;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 text-xs font-medium',
        change > 0 ? 'text-success' : change < 0 ? 'text-destructive' : 'text-muted-foreground',
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {t('{{value}}%', {
        value: formatNumber(change, {
          maximumFractionDigits: digits,
          minimumFractionDigits: digits,
          signDisplay: change > 0 ? 'always' : 'auto',
          useGrouping: false,
        }),
      })}
      <span className="sr-only">
        {' '}
        {t('against the 7 days before ({{value}})', { value: formatCount(previous ?? 0) })}
      </span>
    </span>
  );
}

function Figure({
  label,
  current,
  previous,
}: {
  label: string;
  current: number | null;
  previous: number | null;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="min-w-0 rounded-lg border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-baseline gap-x-2">
        {current === null ? (
          <span className="text-base font-medium text-muted-foreground">{t(TEXT.notAvailable)}</span>
        ) : (
          <span className="text-2xl font-semibold tabular-nums">{formatCount(current)}</span>
        )}
        <Change current={current} previous={previous} />
      </dd>
    </div>
  );
}

/** The week's key numbers: followers and engagements from the collected snapshots, posts from our records. */
export function WeekNumbers({ week }: { week: Dashboard['week'] }) {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="dashboard-week" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 id="dashboard-week" className="text-lg font-semibold">
          {t(TEXT.weekHeading)}
        </h2>
        <p className="text-sm text-muted-foreground">{t(TEXT.weekIntro)}</p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label={t(TEXT.followers)} {...week.followers} />
        <Figure label={t(TEXT.engagements)} {...week.engagements} />
        <Figure label={t(TEXT.postsPublished)} {...week.postsPublished} />
      </dl>
    </section>
  );
}
