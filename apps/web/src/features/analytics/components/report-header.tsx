import { ANALYTICS_MESSAGES } from '@relaycast/shared/analytics';
import type { PublicReport } from '@relaycast/shared/analytics-report';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n';

/**
 * The report's white-label header (docs/decisions/0079-studio-encoder-honesty-and-pdf-header.md): whose report it
 * is (the workspace's logo when it has one, and its name), the title, who it was prepared for when the person who
 * made it said so, and on screen how long the link works.
 */
export function ReportHeader({ report, print }: { report: PublicReport; print: boolean }) {
  const { t } = useTranslation('analytics');
  const { workspace, filters } = report;
  return (
    <header className="grid gap-1" data-keep-together="">
      {workspace.name ? (
        <p className="flex items-center gap-3 text-lg font-semibold">
          {workspace.logoUrl ? (
            <img src={workspace.logoUrl} alt="" className="size-10 rounded-md object-contain" />
          ) : null}
          <span data-testid="report-workspace">{workspace.name}</span>
        </p>
      ) : null}
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Analytics report')}</h1>
      {filters.client ? (
        <p className="font-medium">{t('Prepared for {{client}}', { client: filters.client })}</p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {t('Read-only report shared from Relaycast.')}
        {print
          ? null
          : ` ${t('This link works until {{date}}.', {
              date: new Date(report.expiresAt).toLocaleString(currentLocale()),
            })}`}
      </p>
      {report.demo ? (
        <p className="w-fit rounded bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">
          {t(ANALYTICS_MESSAGES.demoLabel)}
        </p>
      ) : null}
    </header>
  );
}
