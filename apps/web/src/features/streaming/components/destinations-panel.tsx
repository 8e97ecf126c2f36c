import {
  type DestinationStatus,
  getStreamPlatform,
  maskStreamKey,
  STREAMING_MESSAGES,
  type StreamDestination,
} from '@relaycast/shared/streaming';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteDestination, useUpdateDestination } from '@/api/stream-destinations';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { DestinationHealth } from './destination-health';

function DestinationRow({
  destination,
  status,
  isLive,
  isChecked,
  onSelectForPlan,
}: {
  destination: StreamDestination;
  status: DestinationStatus | undefined;
  isLive: boolean;
  isChecked: boolean;
  onSelectForPlan: ((id: string, checked: boolean) => void) | null;
}) {
  const { t } = useTranslation('streaming');
  const checkboxId = useId();
  const update = useUpdateDestination();
  const remove = useDeleteDestination();
  const platform = getStreamPlatform(destination.platform);
  return (
    <li className="grid grid-cols-1 gap-3 rounded-lg border p-3">
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-1 size-4 accent-primary"
          checked={isChecked}
          disabled={isLive || update.isPending}
          onChange={(event) =>
            onSelectForPlan
              ? onSelectForPlan(destination.id, event.target.checked)
              : update.mutate(
                  { id: destination.id, patch: { enabled: event.target.checked } },
                  { onError: (error) => showError(error) },
                )
          }
        />
        <div className="min-w-0 flex-1">
          <label htmlFor={checkboxId} className="block font-medium">
            <span className="sr-only">{t('Stream to')} </span>
            {destination.name}
          </label>
          <p className="truncate text-xs text-muted-foreground">
            {destination.name !== platform.name ? `${t(platform.name)} · ` : ''}
            {destination.rtmpUrl}
          </p>
          <p className="text-xs text-muted-foreground">
            {t('Key')} <span className="font-mono">{maskStreamKey(destination.keyLastFour)}</span>
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label={t('Remove {{name}}', { name: destination.name })}
          disabled={isLive || remove.isPending}
          onClick={() =>
            remove.mutate(destination.id, {
              onSuccess: () => toast.success(translateMessage(STREAMING_MESSAGES.destinationDeleted)),
              onError: (error) => showError(error),
            })
          }
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {status ? <DestinationHealth status={status} /> : null}
    </li>
  );
}

/** Saved destinations: tick the ones to go live to; while live, each shows its own state and health. */
export function DestinationsPanel({
  destinations,
  statuses,
  isLive,
  isSelected,
  onSelectForPlan,
}: {
  destinations: StreamDestination[];
  statuses: DestinationStatus[];
  isLive: boolean;
  /** Whether a destination is ticked for the next stream. */
  isSelected(destination: StreamDestination): boolean;
  /** Set for a planned stream: ticks change only this stream's choice; otherwise they are saved. */
  onSelectForPlan: ((id: string, checked: boolean) => void) | null;
}) {
  const { t } = useTranslation('streaming');
  if (destinations.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
        {t('No destinations yet. Pick a platform below to add its server URL and stream key.')}
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label={t('Destinations')}>
      {destinations.map((destination) => (
        <DestinationRow
          key={destination.id}
          destination={destination}
          isLive={isLive}
          isChecked={isSelected(destination)}
          onSelectForPlan={onSelectForPlan}
          status={statuses.find((status) => status.destinationId === destination.id)}
        />
      ))}
    </ul>
  );
}
