import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '@/api/accounts';
import { useQueueSchedules } from '@/api/queue-slots';
import { useTimeZone } from '@/api/settings';
import { useCan } from '@/components/role-gate';
import { SettingsCard } from '@/components/settings-card';
import { AccountScheduleCard } from './account-schedule-card';

/**
 * "Posting schedule" (docs/queue-slots.md): each connected account's weekly posting times, which "Add to queue"
 * and imports fill in order. Editors and up change them (the routes declare `publish`); everyone sees them.
 */
export function PostingScheduleSection() {
  const { t } = useTranslation('queue-slots');
  const accounts = (useAccounts().data ?? []).filter((account) => account.status !== 'disconnected');
  const schedules = useQueueSchedules().data ?? [];
  const timeZone = useTimeZone();
  const canEdit = useCan('publish') === true;
  return (
    <SettingsCard
      title={t('Posting schedule')}
      icon={CalendarClock}
      description={t(
        'The days and times each account posts at. "Add to queue" and imports without a time take the next free one; the calendar shows the open ones.',
      )}
    >
      {accounts.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('Connect an account to give it a posting schedule.')}
        </p>
      ) : null}
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        {accounts.map((account) => (
          <AccountScheduleCard
            key={account.id}
            account={account}
            schedule={schedules.find((schedule) => schedule.accountId === account.id)}
            timeZone={timeZone}
            canEdit={canEdit}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
