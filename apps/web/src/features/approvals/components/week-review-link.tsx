import { calendarWeeks, todayIn, zonedToInstant } from '@relaycast/shared/calendar';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateReviewLink } from '@/api/approvals';
import { useTimeZone, useWeekStart } from '@/api/settings';
import { CopyField } from '@/components/copy-field';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { showError } from '@/lib/show-error';
import { formatDateTime } from '@/lib/time-zone';

/** How many calendar weeks, from this one on, a week's review link can be made for. */
const WEEKS_AHEAD = 8;

/**
 * A client review link for one week of the calendar: this week or one of the next seven (the calendar's weeks,
 * from their first day at midnight in the user's time zone). The link is shown once, when it is made, and lasts
 * until its week has ended when that is later than the usual seven days.
 */
export function WeekReviewLink() {
  const { t } = useTranslation('approvals');
  const timeZone = useTimeZone();
  const createLink = useCreateReviewLink();
  const weekStarts = calendarWeeks(todayIn(timeZone), WEEKS_AHEAD, useWeekStart()).map(
    (week) => week[0] as string,
  );
  const [week, setWeek] = useState(weekStarts[0] as string);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const chosen = weekStarts.includes(week) ? week : (weekStarts[0] as string);

  function share() {
    createLink.mutate(
      { weekStart: zonedToInstant(chosen, '00:00', timeZone).toISOString() },
      { onSuccess: (made) => setLink(made), onError: (error) => showError(error) },
    );
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end justify-end gap-2">
        <SelectField
          label={t('Week to share')}
          className="w-56"
          value={chosen}
          options={weekStarts}
          format={(start) =>
            start === weekStarts[0]
              ? t('This week')
              : t('Week from {{date}}', {
                  date: formatDateTime(zonedToInstant(start, '12:00', timeZone), timeZone, {
                    dateStyle: 'medium',
                  }),
                })
          }
          onChange={(value) => {
            setWeek(value);
            setLink(null);
          }}
        />
        <Button variant="outline" disabled={createLink.isPending} onClick={share}>
          <Link2 aria-hidden="true" />
          {t('Client review link for the week')}
        </Button>
      </div>
      {link ? (
        <CopyField
          label={t('Review link (valid until {{date}})', {
            date: formatDateTime(link.expiresAt, timeZone, { dateStyle: 'medium' }),
          })}
          value={link.url}
        />
      ) : null}
    </div>
  );
}
