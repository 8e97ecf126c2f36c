import {
  DEFAULT_REPORT_LINK_EXPIRY_DAYS,
  MAX_REPORT_CLIENT,
  REPORT_LINK_EXPIRY_DAYS,
  REPORT_MESSAGES,
  type ReportFilters,
} from '@relaycast/shared/analytics-report';
import { Copy, FileDown, Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFilters } from '@/api/analytics';
import {
  reportFiltersOf,
  useCreateReportLink,
  useDownloadPdf,
  useReportLinks,
  useRevokeReportLink,
} from '@/api/analytics-reports';
import { useTimeZone } from '@/api/settings';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { i18n } from '@/i18n';
import { showError } from '@/lib/show-error';
import { formatDateTime } from '@/lib/time-zone';
import { toast } from '@/lib/toast';

type ExpiryChoice = `${(typeof REPORT_LINK_EXPIRY_DAYS)[number]}`;
const EXPIRY_OPTIONS = REPORT_LINK_EXPIRY_DAYS.map(String) as ExpiryChoice[];

function describeFilters(filters: ReportFilters): string {
  const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, { ns: 'analytics', ...options });
  const range =
    filters.range === 'custom'
      ? t('{{from}} to {{to}}', { from: filters.from, to: filters.to })
      : t('last {{count}} days', { count: Number(filters.range.replace('d', '')) });
  const parts = [range];
  if (filters.platforms) parts.push(filters.platforms.replaceAll(',', ', '));
  if (filters.accounts) parts.push(t('one account'));
  return parts.join(' · ');
}

/**
 * "Download PDF": asks who the report is for (optional, printed under the workspace's name), then fetches the page
 * printed by the server's Chromium; a 503 says what is missing.
 */
export function DownloadPdfButton({ filters }: { filters: AnalyticsFilters }) {
  const { t } = useTranslation('analytics');
  const download = useDownloadPdf();
  const [open, setOpen] = useState(false);
  const [client, setClient] = useState('');
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <FileDown aria-hidden="true" className="size-4" />
        {t('Download PDF')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('Download a PDF report')}>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            download.mutate(
              { filters, client: client.trim() || undefined },
              { onSuccess: () => setOpen(false), onError: (error) => showError(error) },
            );
          }}
        >
          <FormField
            label={t('Prepared for (optional)')}
            hint={t("A client's name or a title, printed under your workspace's name.")}
            value={client}
            maxLength={MAX_REPORT_CLIENT}
            onChange={(event) => setClient(event.target.value)}
          />
          <Button type="submit" className="justify-self-end" disabled={download.isPending}>
            <FileDown aria-hidden="true" className="size-4" />
            {download.isPending ? t('Making PDF…') : t('Download PDF')}
          </Button>
        </form>
      </Dialog>
    </>
  );
}

/** "Share report link": a read-only link of the current filters that expires, and the active links to revoke. */
export function ShareReportButton({ filters }: { filters: AnalyticsFilters }) {
  const { t } = useTranslation('analytics');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Link2 aria-hidden="true" className="size-4" />
        {t('Share report link')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('Share a read-only report')}
        description={t(
          'Anyone with the link sees these cards, charts and top posts for the current filters, without signing in, until it expires or you revoke it.',
        )}
      >
        {open ? <ShareReportPanel filters={filters} /> : null}
      </Dialog>
    </>
  );
}

/** Creating and revoking report links: inside "Share report link", and in "Email reports" when no e-mail can go. */
export function ShareReportPanel({ filters }: { filters: AnalyticsFilters }) {
  const { t } = useTranslation('analytics');
  const links = useReportLinks();
  const create = useCreateReportLink();
  const revoke = useRevokeReportLink();
  const timeZone = useTimeZone();
  const [expiry, setExpiry] = useState<ExpiryChoice>(String(DEFAULT_REPORT_LINK_EXPIRY_DAYS) as ExpiryChoice);
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);
  const canManage = links.data?.canManage ?? false;

  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => toast.success(t('Link copied.')),
      () => toast.error(t('Copy failed: select the link and copy it.')),
    );

  return (
    <div className="grid gap-4">
      {links.isPending ? <Spinner label={t('Loading report links')} /> : null}
      {links.isError ? (
        <p role="alert" className="text-sm">
          {links.error.message}
        </p>
      ) : null}
      {links.data && !canManage ? <p className="text-sm">{t(REPORT_MESSAGES.adminOnly)}</p> : null}
      {canManage ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(
              { filters: reportFiltersOf(filters), expiresInDays: Number(expiry) },
              {
                onSuccess: (link) => {
                  setCreatedUrl(`${window.location.origin}${link.path}`);
                  toast.success(t(REPORT_MESSAGES.created));
                },
                onError: (error) => showError(error),
              },
            );
          }}
        >
          <SelectField
            label={t('Expires after')}
            value={expiry}
            options={EXPIRY_OPTIONS}
            onChange={setExpiry}
            format={(days) => t('{{count}} days', { count: Number(days) })}
            size="sm"
          />
          <Button type="submit" size="sm" disabled={create.isPending}>
            {create.isPending ? t('Creating…') : t('Create link')}
          </Button>
        </form>
      ) : null}
      {createdUrl ? (
        <div className="grid gap-1">
          <label htmlFor="created-report-link" className="text-sm font-medium">
            {t('New report link (shown once)')}
          </label>
          <div className="flex gap-2">
            <Input id="created-report-link" readOnly value={createdUrl} onFocus={(e) => e.target.select()} />
            <Button type="button" size="sm" variant="outline" onClick={() => void copy(createdUrl)}>
              <Copy aria-hidden="true" className="size-4" />
              {t('Copy')}
            </Button>
          </div>
        </div>
      ) : null}
      {links.data ? (
        <section aria-labelledby="active-report-links" className="grid gap-2">
          <h3 id="active-report-links" className="text-sm font-semibold">
            {t('Active links')}
          </h3>
          {links.data.links.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('No active report links.')}</p>
          ) : (
            <ul className="grid gap-2">
              {links.data.links.map((link) => (
                <li
                  key={link.id}
                  className="flex items-center justify-between gap-3 rounded border p-2 text-sm"
                >
                  <span className="min-w-0">
                    <span className="block truncate">{describeFilters(link.filters)}</span>
                    <span className="text-xs text-muted-foreground">
                      {t('Expires {{date}}', { date: formatDateTime(link.expiresAt, timeZone) })}
                    </span>
                  </span>
                  {canManage ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={revoke.isPending}
                      aria-label={t('Revoke link: {{filters}}, expires {{date}}', {
                        filters: describeFilters(link.filters),
                        date: formatDateTime(link.expiresAt, timeZone),
                      })}
                      onClick={() =>
                        revoke.mutate(link.id, {
                          onSuccess: () => toast.success(t(REPORT_MESSAGES.revokedToast)),
                          onError: (error) => showError(error),
                        })
                      }
                    >
                      {t('Revoke')}
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
