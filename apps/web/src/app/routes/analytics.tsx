import { useTranslation } from 'react-i18next';
import { AnalyticsDashboard } from '@/features/analytics/components/analytics-dashboard';
import { BestTimeHeatmap } from '@/features/best-time/components/best-time-heatmap';
import { LinkClicksSection } from '@/features/short-links/components/link-clicks-section';
import { usePageMeta } from '@/lib/use-page-meta';

export function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  usePageMeta(
    t('Analytics'),
    t('Followers, engagement rate, shares and comments across your connected accounts.'),
  );
  return (
    <div className="mx-auto grid max-w-6xl gap-6 *:min-w-0">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Analytics')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t(
            "Your accounts' followers and engagement over time, compared with the period before, with your best posts.",
          )}
        </p>
      </header>
      <AnalyticsDashboard>
        <BestTimeHeatmap />
      </AnalyticsDashboard>
      {/* Outside the dashboard: a link made by hand has clicks before any account is connected. */}
      <LinkClicksSection />
    </div>
  );
}
