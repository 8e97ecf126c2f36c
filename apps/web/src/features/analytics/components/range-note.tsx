import { type AnalyticsOverview, ENGAGEMENT_RATE_FORMULA } from '@relaycast/shared/analytics';
import { useTranslation } from 'react-i18next';

/** The engagement-rate formula and the days the figures cover, under the stat cards (page and report link). */
export function RangeNote({ range }: { range: AnalyticsOverview['range'] }) {
  const { t } = useTranslation('analytics');
  return (
    <p className="text-xs text-muted-foreground">
      {t(ENGAGEMENT_RATE_FORMULA)}{' '}
      {t(
        'Days run from {{from}} to {{to}} ({{timezone}}); changes compare with {{previousFrom}} to {{previousTo}}.',
        {
          from: range.from,
          to: range.to,
          timezone: range.timezone,
          previousFrom: range.previousFrom,
          previousTo: range.previousTo,
        },
      )}
    </p>
  );
}
