import type { AnalyticsOverview, StatCard } from '@relaycast/shared/analytics';
import { Heart, MessageCircle, Share2, TrendingDown, TrendingUp, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatChange, formatFigure, formatPercent } from '../format';

function Stat({
  title,
  icon,
  card,
  format,
}: {
  title: string;
  icon: ReactNode;
  card: StatCard;
  format(value: number | null): string;
}) {
  const change = card.changePercent;
  return (
    <Card className="p-5" data-keep-together="">
      <section aria-label={title}>
        <div className="flex items-center justify-between text-sm font-medium text-muted-foreground">
          <h2>{title}</h2>
          <span aria-hidden="true">{icon}</span>
        </div>
        <p
          className={cn(
            'mt-2 font-semibold',
            card.value === null ? 'text-base text-muted-foreground' : 'text-2xl',
          )}
        >
          {format(card.value)}
        </p>
        <p
          className={cn(
            'mt-1 flex items-center gap-1 text-xs',
            change === null
              ? 'text-muted-foreground'
              : change >= 0
                ? 'text-emerald-700 dark:text-emerald-400'
                : 'text-red-700 dark:text-red-400',
          )}
        >
          {change === null ? null : change >= 0 ? (
            <TrendingUp aria-hidden="true" className="size-3" />
          ) : (
            <TrendingDown aria-hidden="true" className="size-3" />
          )}
          {formatChange(change)}
        </p>
      </section>
    </Card>
  );
}

/** The seed's four stat cards, each with its change against the previous period of equal length. */
export function StatCards({ cards }: { cards: AnalyticsOverview['cards'] }) {
  const { t } = useTranslation('analytics');
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Stat
        title={t('Total Followers')}
        icon={<Users className="size-4" />}
        card={cards.totalFollowers}
        format={formatFigure}
      />
      <Stat
        title={t('Engagement Rate')}
        icon={<Heart className="size-4" />}
        card={cards.engagementRate}
        format={(value) => formatPercent(value)}
      />
      <Stat
        title={t('Total Shares')}
        icon={<Share2 className="size-4" />}
        card={cards.totalShares}
        format={formatFigure}
      />
      <Stat
        title={t('Comments')}
        icon={<MessageCircle className="size-4" />}
        card={cards.comments}
        format={formatFigure}
      />
    </div>
  );
}
