import type { SocialAccount } from '@relaycast/shared/accounts';
import { QUEUE_WEEKDAYS, type QueueSchedule, type QueueSlot } from '@relaycast/shared/queue-slots';
import { Sparkles, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFillQueueFromBestTimes, useSaveQueueSchedule } from '@/api/queue-slots';
import { PlatformIcon } from '@/components/platform-icon';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { formatDate, formatTimeOfDay } from '@/lib/time-zone';
import { toast } from '@/lib/toast';
import { addSlots, removeSlot, weekdayDate } from '../schedule-edit';
import { ScheduleZonePicker } from './schedule-zone-picker';

interface AccountScheduleCardProps {
  account: SocialAccount;
  schedule: QueueSchedule | undefined;
  /** The zone new schedules are counted in (the user's); a saved schedule keeps its own. */
  timeZone: string;
  canEdit: boolean;
}

const WEEKDAYS_ALL: number[] = [...QUEUE_WEEKDAYS];

/** One account's weekly posting times: the days with their times, adding, removing, filling and clearing. */
export function AccountScheduleCard({ account, schedule, timeZone, canEdit }: AccountScheduleCardProps) {
  const { t } = useTranslation('queue-slots');
  const save = useSaveQueueSchedule();
  const fill = useFillQueueFromBestTimes();
  const slots = schedule?.slots ?? [];
  // A schedule without slots stores no zone: the one picked waits for the first time added.
  const [picked, setPicked] = useState<string | null>(null);
  const zone = schedule?.timeZone ?? picked ?? timeZone;
  const busy = save.isPending || fill.isPending;

  const saveSlots = (next: QueueSlot[], done?: string, inZone = zone) =>
    save
      .mutateAsync({ accountId: account.id, input: { timeZone: inZone, slots: next } })
      .then(() => (done ? toast.success(done) : undefined))
      .catch((error) => showError(error, t('Could not save the posting schedule.')));

  return (
    <section
      aria-label={t('Posting schedule of {{handle}}', { handle: account.handle })}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border p-4"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex min-w-0 max-w-full items-center gap-2 font-medium">
          <PlatformIcon platform={account.platform} className="size-4" />
          <span className="min-w-0 truncate">{account.displayName || account.handle}</span>
          <span className="min-w-0 truncate text-sm text-muted-foreground">{account.handle}</span>
        </span>
        <span className="text-xs text-muted-foreground">{t('Times in {{zone}}', { zone })}</span>
      </header>
      <SlotDays
        slots={slots}
        canEdit={canEdit && !busy}
        onRemove={(slot) => void saveSlots(removeSlot(slots, slot))}
      />
      {canEdit ? (
        <>
          <ScheduleZonePicker
            value={zone}
            memberZone={timeZone}
            disabled={busy}
            onChange={(next) => {
              setPicked(next);
              // The same slots in the new zone: 09:00 stays 09:00 there.
              if (slots.length > 0)
                void saveSlots(slots, t('Posting times are now in {{zone}}.', { zone: next }), next);
            }}
          />
          <AddSlotsForm
            disabled={busy}
            onAdd={(weekdays, time) => {
              const added = addSlots(slots, weekdays, time);
              if ('error' in added) {
                toast.error(translateMessage(added.error));
                return false;
              }
              void saveSlots(added.slots);
              return true;
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() =>
                fill
                  .mutateAsync({ accountId: account.id, input: { timeZone: zone } })
                  .then(() => toast.success(t('Best times added to the schedule.')))
                  .catch((error) => showError(error, t('Could not fill the schedule from best times.')))
              }
            >
              <Sparkles aria-hidden="true" />
              {t('Fill from best times')}
            </Button>
            {slots.length > 0 ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => void saveSlots([], t('Posting schedule cleared.'))}
              >
                <Trash2 aria-hidden="true" />
                {t('Clear all')}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}

/** The seven days, each with its times (a remove button on each when the member may edit). */
function SlotDays({
  slots,
  canEdit,
  onRemove,
}: {
  slots: readonly QueueSlot[];
  canEdit: boolean;
  onRemove(slot: QueueSlot): void;
}) {
  const { t } = useTranslation('queue-slots');
  if (slots.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {t('No posting times yet: "Add to queue" picks the best time for this account.')}
      </p>
    );
  }
  return (
    <dl className="grid gap-1.5 text-sm sm:grid-cols-[8rem_1fr]">
      {WEEKDAYS_ALL.map((weekday) => {
        const day = formatDate(weekdayDate(weekday), { weekday: 'long' });
        const times = slots.filter((slot) => slot.weekday === weekday);
        return (
          <div key={weekday} className="contents">
            <dt className="font-medium text-muted-foreground">{day}</dt>
            <dd className="flex flex-wrap gap-1.5">
              {times.length === 0 ? <span className="text-muted-foreground">–</span> : null}
              {times.map((slot) => (
                <span
                  key={slot.time}
                  className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs"
                >
                  {formatTimeOfDay(slot.time)}
                  {canEdit ? (
                    <button
                      type="button"
                      onClick={() => onRemove(slot)}
                      className="rounded-full hover:text-destructive"
                    >
                      <X aria-hidden="true" className="size-3" />
                      <span className="sr-only">
                        {t('Remove {{time}} on {{day}}', { time: formatTimeOfDay(slot.time), day })}
                      </span>
                    </button>
                  ) : null}
                </span>
              ))}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A time and the days to post at it; answers whether it was added (the form then clears its days). */
function AddSlotsForm({
  disabled,
  onAdd,
}: {
  disabled: boolean;
  onAdd(weekdays: number[], time: string): boolean;
}) {
  const { t } = useTranslation('queue-slots');
  const id = useId();
  const [time, setTime] = useState('09:00');
  const [days, setDays] = useState<number[]>(WEEKDAYS_ALL);
  const toggle = (weekday: number) =>
    setDays((current) =>
      current.includes(weekday) ? current.filter((day) => day !== weekday) : [...current, weekday].sort(),
    );
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onAdd(days, time);
      }}
    >
      <div className="grid gap-1 text-sm">
        <label htmlFor={`${id}-time`} className="font-medium">
          {t('Time')}
        </label>
        <Input
          id={`${id}-time`}
          type="time"
          value={time}
          onChange={(event) => setTime(event.target.value)}
          className="w-32"
          required
        />
      </div>
      <fieldset className="grid gap-1 text-sm">
        <legend className="mb-1 font-medium">{t('Days')}</legend>
        <div className="flex flex-wrap gap-1">
          {WEEKDAYS_ALL.map((weekday) => (
            <label
              key={weekday}
              className="inline-flex items-center gap-1 rounded-md border px-2 py-1 has-checked:bg-accent"
            >
              <input
                type="checkbox"
                checked={days.includes(weekday)}
                onChange={() => toggle(weekday)}
                className="size-3.5"
              />
              {formatDate(weekdayDate(weekday), { weekday: 'short' })}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="sm" disabled={disabled}>
        {t('Add time')}
      </Button>
    </form>
  );
}
