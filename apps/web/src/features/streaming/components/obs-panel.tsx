import { STREAMING_MESSAGES } from '@relaycast/shared/streaming';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonalIngest, useRotateIngestKey } from '@/api/stream-ingest';
import { CopyField } from '@/components/copy-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';

/** The user's own ingest for OBS and other encoders: publishing to it goes live to the ticked destinations. */
export function ObsPanel() {
  const { t } = useTranslation('streaming');
  const ingest = usePersonalIngest();
  const rotate = useRotateIngestKey();
  const [isConfirming, setConfirming] = useState(false);
  if (ingest.isPending) return <Spinner label={t('Loading your OBS settings')} />;
  if (ingest.isError) {
    return (
      <p className="text-sm text-destructive">
        {t('Your OBS settings could not be loaded: {{message}}', { message: ingest.error.message })}
      </p>
    );
  }
  const { rtmpUrl, streamKey, relayRunning } = ingest.data;
  return (
    <div className="grid grid-cols-1 gap-3">
      <p className="text-sm text-muted-foreground">
        {t('In OBS, choose Settings → Stream → Custom, and paste these.')}{' '}
        {t('When OBS starts streaming, Relaycast sends it to the destinations ticked above.')}
      </p>
      {relayRunning ? null : (
        <p className="text-sm text-destructive">
          {translateMessage(STREAMING_MESSAGES.streamingUnavailable)}
        </p>
      )}
      <CopyField label={t('OBS server')} value={rtmpUrl} />
      <CopyField label={t('OBS stream key')} value={streamKey} isSecret />
      <div>
        {/* A new key breaks OBS until it is pasted there, so it is asked for first (docs/decisions/0026-rough-edges-layout.md). */}
        <Button variant="outline" size="sm" disabled={rotate.isPending} onClick={() => setConfirming(true)}>
          <RefreshCw aria-hidden="true" />
          {t('Rotate stream key')}
        </Button>
      </div>
      <Dialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title={translateMessage(STREAMING_MESSAGES.rotateKeyTitle)}
        description={translateMessage(STREAMING_MESSAGES.rotateKeyWarning)}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)}>
            {t('Keep the current key')}
          </Button>
          <Button
            variant="destructive"
            disabled={rotate.isPending}
            onClick={() =>
              rotate.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  toast.success(translateMessage(STREAMING_MESSAGES.keyRotated));
                },
                onError: (error) => showError(error),
              })
            }
          >
            {t('Rotate key')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
