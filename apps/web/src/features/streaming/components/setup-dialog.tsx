import { ADDRESS_MESSAGES } from '@relaycast/shared/messages';
import { MAX_DESTINATION_NAME, STREAMING_MESSAGES, type StreamPlatform } from '@relaycast/shared/streaming';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateDestination, useDestinations } from '@/api/stream-destinations';
import { CopyField } from '@/components/copy-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { translateMessage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { type SetupFormValues, validateSetupForm } from '../setup-form';

/** An example address, the same in every language. */
const EXAMPLE_RTMP_URL = 'rtmps://live.example.com/app';

/** The body, remounted for each platform so the fields start from that platform's defaults. */
function SetupForm({ platform, onDone }: { platform: StreamPlatform; onDone(): void }) {
  const { t } = useTranslation('streaming');
  const create = useCreateDestination();
  const privateAllowed = useDestinations().data?.privateAddressesAllowed ?? false;
  const [values, setValues] = useState<SetupFormValues>({
    rtmpUrl: platform.defaultRtmpUrl ?? '',
    streamKey: '',
  });
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<{ message: string; field: keyof SetupFormValues } | null>(null);

  function submit() {
    const result = validateSetupForm(platform.id, values);
    if (!result.ok) {
      setProblem({ message: translateMessage(result.message), field: result.field });
      return;
    }
    setProblem(null);
    create.mutate(
      { ...result.input, ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: () => {
          toast.success(translateMessage(STREAMING_MESSAGES.destinationSaved));
          onDone();
        },
        onError: (error) => {
          const field =
            error instanceof ApiError && error.issues?.[0]?.path.includes('streamKey')
              ? 'streamKey'
              : 'rtmpUrl';
          setProblem({ message: error.message, field });
        },
      },
    );
  }

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <CopyField
        label={t('RTMP URL')}
        value={values.rtmpUrl}
        onValueChange={(rtmpUrl) => setValues((current) => ({ ...current, rtmpUrl }))}
        placeholder={EXAMPLE_RTMP_URL}
        hint={
          platform.hint ? t(platform.hint) : t('Paste the server URL from the platform, or keep the default.')
        }
        aria-invalid={problem?.field === 'rtmpUrl' ? true : undefined}
      />
      <p className="-mt-2 text-xs text-muted-foreground">
        {translateMessage(privateAllowed ? ADDRESS_MESSAGES.helpAllowed : ADDRESS_MESSAGES.helpRefused)}
      </p>
      <CopyField
        label={t('Stream key')}
        isSecret
        value={values.streamKey}
        onValueChange={(streamKey) => setValues((current) => ({ ...current, streamKey }))}
        hint={t('Stored encrypted; only its last four characters are shown again.')}
        aria-invalid={problem?.field === 'streamKey' ? true : undefined}
      />
      <FormField
        label={t('Name (optional)')}
        value={name}
        maxLength={MAX_DESTINATION_NAME}
        placeholder={platform.name}
        onChange={(event) => setName(event.target.value)}
      />
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem.message}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {t('Save destination')}
        </Button>
      </div>
    </form>
  );
}

/** The stream-setup modal: RTMP URL (the platform's default ingest when there is one) and stream key. */
export function SetupDialog({ platform, onClose }: { platform: StreamPlatform | null; onClose(): void }) {
  const { t } = useTranslation('streaming');
  return (
    <Dialog
      open={platform !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={platform ? t('Set up {{platform}}', { platform: t(platform.name) }) : t('Set up a destination')}
      description={t(
        "Where to send your stream: the server URL and stream key from the platform's live dashboard.",
      )}
    >
      {platform ? <SetupForm key={platform.id} platform={platform} onDone={onClose} /> : null}
    </Dialog>
  );
}
