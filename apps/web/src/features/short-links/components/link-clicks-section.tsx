import { isPlatformId, PLATFORMS } from '@relaycast/shared/platforms';
import { MousePointerClick } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useShortLinkClicks } from '@/api/short-links';
import { SettingsCard } from '@/components/settings-card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';

const DAY_MS = 86_400_000;
/** The page's own periods (?range= on /analytics); a custom range shows the last 30 days. */
const RANGE_DAYS: Record<string, number> = { '7d': 7, '30d': 30, '90d': 90 };

/**
 * /analytics "Link clicks": the clicks of Relaycast's short links over the page's period, per post, platform and
 * link, with the referring sites (docs/short-links.md). Link-preview crawlers are a column apart.
 */
export function LinkClicksSection() {
  const { t } = useTranslation('short-links');
  const [params] = useSearchParams();
  const days = RANGE_DAYS[params.get('range') ?? '30d'] ?? 30;
  // Whole hours, so the query key holds still between renders.
  const { from, to } = useMemo(() => {
    const end = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
    return { from: new Date(end - days * DAY_MS).toISOString(), to: new Date(end).toISOString() };
  }, [days]);
  const clicks = useShortLinkClicks(from, to);
  return (
    <SettingsCard
      title={t('Link clicks')}
      icon={MousePointerClick}
      description={t('Clicks on your short links in the last {{days}} days, per post, network and link.', {
        days,
      })}
    >
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
                  <th className="py-1 text-right font-medium">{t('Link previews')}</th>
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
                    <td className="py-1 text-right tabular-nums">{row.crawlerHits}</td>
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
        </>
      )}
    </SettingsCard>
  );
}
