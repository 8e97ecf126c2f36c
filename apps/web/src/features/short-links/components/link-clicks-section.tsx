import { ANALYTICS_RANGE_PRESETS, type AnalyticsRangePreset } from '@relaycast/shared/analytics';
import { dayStartInstant, nextDay, resolveDayRange } from '@relaycast/shared/analytics-page';
import { isPlatformId, PLATFORMS } from '@relaycast/shared/platforms';
import { MousePointerClick } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTimeZone } from '@/api/settings';
import { useShortLinkClicks } from '@/api/short-links';
import { GeolocationCredit } from '@/components/geolocation-credit';
import { SettingsCard } from '@/components/settings-card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { formatCountries } from '@/lib/format';

/**
 * The days of the page's period (?range=, and ?from=&to= for a custom range, as /analytics resolves them) in
 * the user's time zone, as instants: from the first day's start to the end of the last. A custom range the page
 * refuses falls back to the last 30 days.
 */
function periodOf(params: URLSearchParams, timeZone: string) {
  const asked = params.get('range') ?? '30d';
  const range = asked === 'custom' || isPreset(asked) ? asked : '30d';
  const query = { range, from: params.get('from') ?? undefined, to: params.get('to') ?? undefined } as const;
  const resolved = resolveDayRange(query, timeZone);
  const isCustom = range === 'custom' && !('error' in resolved);
  const days = 'error' in resolved ? resolveDayRange({ range: '30d' }, timeZone) : resolved;
  if ('error' in days) throw new Error(days.error);
  return {
    isCustom,
    fromDay: days.from,
    toDay: days.to,
    days: days.days,
    from: dayStartInstant(days.from, timeZone).toISOString(),
    to: dayStartInstant(nextDay(days.to), timeZone).toISOString(),
  };
}

function isPreset(value: string): value is AnalyticsRangePreset {
  return (ANALYTICS_RANGE_PRESETS as readonly string[]).includes(value);
}

/**
 * /analytics "Link clicks": the clicks of Relaycast's short links over the page's period (a custom range too), per post, platform and
 * link, with the referring sites (docs/short-links.md). Link-preview crawlers are a column apart.
 */
export function LinkClicksSection() {
  const { t, i18n } = useTranslation('short-links');
  const [params] = useSearchParams();
  const timeZone = useTimeZone();
  // Whole days, so the query key holds still between renders.
  const period = useMemo(() => periodOf(params, timeZone), [params, timeZone]);
  // The page's network and account filters (?platform=, ?account=) apply here too.
  const account = params.get('account') ?? undefined;
  const clicks = useShortLinkClicks(period.from, period.to, {
    platforms: params.get('platform') ?? undefined,
    accounts: account,
  });
  return (
    <SettingsCard
      title={t('Link clicks')}
      icon={MousePointerClick}
      description={
        period.isCustom
          ? t('Clicks on your short links from {{from}} to {{to}}, per post, network and link.', {
              from: period.fromDay,
              to: period.toDay,
            })
          : t('Clicks on your short links in the last {{days}} days, per post, network and link.', {
              days: period.days,
            })
      }
    >
      {account ? (
        <p className="text-sm text-muted-foreground">
          {t('Only the links of posts sent to the chosen account; links made by hand are left out.')}
        </p>
      ) : null}
      {clicks.isPending ? (
        <Spinner label={t('Loading link clicks')} />
      ) : clicks.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(clicks.error, t('Could not load the link clicks.'))}
        </p>
      ) : clicks.data.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('No clicks on your short links in this period.')}</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-muted-foreground">
                <tr>
                  <th className="py-1 pr-3 font-medium">{t('Link')}</th>
                  <th className="hidden py-1 pr-3 font-medium sm:table-cell">{t('Post')}</th>
                  <th className="hidden py-1 pr-3 font-medium sm:table-cell">{t('Network')}</th>
                  <th className="py-1 pr-3 text-right font-medium">{t('Clicks')}</th>
                  <th className="py-1 pr-3 text-right font-medium">{t('Unique visitors')}</th>
                  <th className="py-1 pr-3 text-right font-medium">{t('Link previews')}</th>
                  <th className="hidden py-1 font-medium lg:table-cell">{t('Countries')}</th>
                </tr>
              </thead>
              <tbody>
                {clicks.data.rows.map((row) => (
                  <tr key={row.linkId} className="border-t" data-testid="link-clicks-row">
                    <td className="py-1 pr-3">
                      <span className="font-medium">{row.code}</span>
                      <span className="block max-w-[10rem] truncate text-xs sm:hidden">
                        {isPlatformId(row.platform) ? `${PLATFORMS[row.platform].name} · ` : ''}
                        {row.postExcerpt ?? t('Made by hand')}
                      </span>
                      <span className="block max-w-[10rem] truncate text-xs text-muted-foreground sm:max-w-[16rem]">
                        {row.target}
                      </span>
                    </td>
                    <td className="hidden max-w-[16rem] truncate py-1 pr-3 sm:table-cell">
                      {row.postExcerpt ?? t('Made by hand')}
                    </td>
                    <td className="hidden py-1 pr-3 sm:table-cell">
                      {isPlatformId(row.platform) ? PLATFORMS[row.platform].name : '—'}
                    </td>
                    <td className="py-1 pr-3 text-right tabular-nums">{row.clicks}</td>
                    <td className="py-1 pr-3 text-right tabular-nums">{row.visitors}</td>
                    <td className="py-1 pr-3 text-right tabular-nums">{row.crawlerHits}</td>
                    <td className="hidden max-w-[14rem] py-1 text-xs lg:table-cell">
                      {row.countries.length > 0 ? formatCountries(row.countries, i18n.language) : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-muted-foreground">
            {clicks.data.referrers.length > 0
              ? t('From: {{sites}}', {
                  sites: clicks.data.referrers.map((site) => `${site.site} (${site.clicks})`).join(', '),
                })
              : t('No referring sites: most clicks come from apps that send none.')}
          </p>
          {clicks.data.countries.length > 0 && (
            <p className="text-sm text-muted-foreground">
              {t('Countries: {{countries}}', {
                countries: formatCountries(clicks.data.countries, i18n.language),
              })}{' '}
              <GeolocationCredit />
            </p>
          )}
        </>
      )}
    </SettingsCard>
  );
}
