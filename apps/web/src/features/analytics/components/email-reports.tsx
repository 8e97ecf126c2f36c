import {
  parseRecipients,
  REPORT_FREQUENCIES,
  REPORT_MAX_RECIPIENTS,
  REPORT_SCHEDULE_MESSAGES,
  type ReportFrequency,
  type ReportScheduleState,
  reportScheduleInputSchema,
} from '@relaycast/shared/analytics-report';
import { MAIL_MESSAGES } from '@relaycast/shared/mail';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFilters } from '@/api/analytics';
import { useReportSchedule, useSaveReportSchedule, useStopReportSchedule } from '@/api/analytics-reports';
import { useMailStatus } from '@/api/mail';
import { useTimeZone } from '@/api/settings';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { i18n, translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { formatDateTime } from '@/lib/time-zone';
import { toast } from '@/lib/toast';
import { DownloadPdfButton, ShareReportPanel } from './report-actions';

const FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  weekly: 'Weekly, on Mondays',
  monthly: 'Monthly, on the 1st',
};

/**
 * "Email reports": last week's or last month's figures and a report link, e-mailed at 08:00 to chosen addresses.
 * On an install without an e-mail server it says so and offers the PDF and a report link instead.
 */
export function EmailReportsButton({ filters }: { filters: AnalyticsFilters }) {
  const { t } = useTranslation('analytics');
  const [open, setOpen] = useState(false);
  const withoutEmail = useMailStatus()?.delivers === false;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Mail aria-hidden="true" className="size-4" />
        {t('Email reports')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('Email reports')}
        description={
          withoutEmail
            ? undefined
            : t(
                'Every Monday (last week) or every 1st (last month) at 08:00 in your time zone: the four cards against the period before, and a read-only report link that works for 30 days.',
              )
        }
      >
        {open ? <EmailReportsPanel filters={filters} /> : null}
      </Dialog>
    </>
  );
}

/** What the dialog offers when no e-mail can leave the server: the PDF now, a link to share. */
function WithoutEmail({ filters }: { filters: AnalyticsFilters }) {
  return (
    <div className="grid gap-3">
      <p role="status" className="rounded-md bg-muted p-3 text-sm">
        {translateMessage(MAIL_MESSAGES.reportsNotSent)}
      </p>
      <div>
        <DownloadPdfButton filters={filters} />
      </div>
      <ShareReportPanel filters={filters} />
    </div>
  );
}

function EmailReportsPanel({ filters }: { filters: AnalyticsFilters }) {
  const { t } = useTranslation('analytics');
  const state = useReportSchedule();
  const mail = useMailStatus();
  if (mail?.delivers === false) return <WithoutEmail filters={filters} />;
  if (state.isPending) return <Spinner label={t('Loading the report schedule')} />;
  if (state.isError) {
    return (
      <p role="alert" className="text-sm">
        {state.error.message}
      </p>
    );
  }
  return <EmailReportsForm key={state.data.schedule?.nextSendAt ?? 'none'} state={state.data} />;
}

function EmailReportsForm({ state }: { state: ReportScheduleState }) {
  const { t } = useTranslation('analytics');
  const save = useSaveReportSchedule();
  const stop = useStopReportSchedule();
  const { schedule, canManage } = state;
  const timeZone = useTimeZone();
  const [frequency, setFrequency] = useState<ReportFrequency>(schedule?.frequency ?? 'weekly');
  const [recipients, setRecipients] = useState(schedule?.recipients.join(', ') ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <div className="grid gap-4">
      {schedule ? (
        <p className="text-sm" data-testid="report-schedule-summary">
          {t('{{frequency}}, to {{recipients}}.', {
            frequency: t(FREQUENCY_LABELS[schedule.frequency]),
            recipients: schedule.recipients.join(', '),
          })}{' '}
          {schedule.lastSentAt
            ? t('Next e-mail {{next}}; last sent {{last}}.', {
                next: formatDateTime(schedule.nextSendAt, timeZone),
                last: formatDateTime(schedule.lastSentAt, timeZone),
              })
            : t('Next e-mail {{next}}.', { next: formatDateTime(schedule.nextSendAt, timeZone) })}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{t('No report e-mails are scheduled.')}</p>
      )}
      {canManage ? (
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const input = reportScheduleInputSchema.safeParse({
              frequency,
              recipients: parseRecipients(recipients),
            });
            if (!input.success) {
              setProblem(
                translateMessage(input.error.issues[0]?.message ?? REPORT_SCHEDULE_MESSAGES.recipientInvalid),
              );
              return;
            }
            setProblem(null);
            save.mutate(input.data, {
              onSuccess: () => toast.success(i18n.t(REPORT_SCHEDULE_MESSAGES.saved, { ns: 'analytics' })),
              onError: (error) => setProblem(error.message),
            });
          }}
        >
          <SelectField
            label={t('How often')}
            value={frequency}
            options={REPORT_FREQUENCIES}
            onChange={setFrequency}
            format={(option) => t(FREQUENCY_LABELS[option])}
            size="sm"
          />
          <div className="grid gap-1">
            <Label htmlFor="report-recipients" className="text-xs">
              {t('Send to (up to {{max}} addresses, separated by commas)', { max: REPORT_MAX_RECIPIENTS })}
            </Label>
            <Textarea
              id="report-recipients"
              className="min-h-20"
              value={recipients}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'report-recipients-problem' : undefined}
              onChange={(event) => setRecipients(event.target.value)}
              placeholder={t('you@example.com, boss@example.com')}
            />
            {problem ? (
              <p id="report-recipients-problem" role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={save.isPending}>
              {save.isPending ? t('Saving…') : schedule ? t('Save changes') : t('Schedule e-mails')}
            </Button>
            {schedule ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={stop.isPending}
                onClick={() =>
                  stop.mutate(undefined, {
                    onSuccess: () =>
                      toast.success(i18n.t(REPORT_SCHEDULE_MESSAGES.stopped, { ns: 'analytics' })),
                    onError: (error) => showError(error),
                  })
                }
              >
                {t('Stop sending')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : (
        <p className="text-sm">{t(REPORT_SCHEDULE_MESSAGES.adminOnly)}</p>
      )}
    </div>
  );
}
