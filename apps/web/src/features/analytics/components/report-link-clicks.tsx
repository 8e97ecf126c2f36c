import { isPlatformId, PLATFORMS } from '@relaycast/shared/platforms';
import type { ShortLinkClickReport } from '@relaycast/shared/short-links';
import { useTranslation } from 'react-i18next';
import { GeolocationCredit } from '@/components/geolocation-credit';
import { formatNumber } from '@/i18n';
import { formatCountries } from '@/lib/format';

/**
 * A shared report's "Link clicks" (and so the PDF's): the clicks of the workspace's short links over the
 * report's days, per link, with its post, network and visitors' countries; link-preview crawlers in a column
 * apart.
 */
export function ReportLinkClicks({ rows }: { rows: ShortLinkClickReport['rows'] }) {
  const { t, i18n } = useTranslation('analytics');
  const anyCountry = rows.some((row) => row.countries.length > 0);
  return (
    <section
      aria-labelledby="report-link-clicks"
      className="grid gap-3 rounded-lg border bg-card p-5 shadow-sm print:break-inside-avoid"
    >
      <h2 id="report-link-clicks" className="font-semibold">
        {t('Link clicks')}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('No clicks on short links in this period.')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th className="py-1 pr-3 font-medium">{t('Short link')}</th>
                <th className="py-1 pr-3 font-medium">{t('Post')}</th>
                <th className="py-1 pr-3 font-medium">{t('Network')}</th>
                <th className="py-1 pr-3 text-right font-medium">{t('Clicks')}</th>
                <th className="py-1 pr-3 text-right font-medium">{t('Unique visitors')}</th>
                <th className="py-1 pr-3 text-right font-medium">{t('Link previews')}</th>
                <th className="py-1 font-medium">{t('Countries')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.linkId} className="border-t" data-testid="report-link-clicks-row">
                  <td className="py-1 pr-3">
                    <span className="font-medium">{row.shortUrl}</span>
                    <span className="block max-w-[20rem] truncate text-xs text-muted-foreground">
                      {row.target}
                    </span>
                  </td>
                  <td className="max-w-[16rem] truncate py-1 pr-3">{row.postExcerpt ?? t('Made by hand')}</td>
                  <td className="py-1 pr-3">
                    {isPlatformId(row.platform) ? PLATFORMS[row.platform].name : '—'}
                  </td>
                  <td className="py-1 pr-3 text-right tabular-nums">{formatNumber(row.clicks)}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{formatNumber(row.visitors)}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{formatNumber(row.crawlerHits)}</td>
                  <td className="max-w-[14rem] py-1 text-xs">
                    {row.countries.length > 0 ? formatCountries(row.countries, i18n.language) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {anyCountry ? (
            <p className="mt-2 text-xs text-muted-foreground">
              <GeolocationCredit />
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
