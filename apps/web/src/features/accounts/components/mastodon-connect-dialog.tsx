import { ACCOUNT_MESSAGES, mastodonStartInputSchema } from '@relaycast/shared/accounts';
import type { ConnectThroughInput } from '@relaycast/shared/proxies';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartMastodon } from '@/api/accounts';
import { FormField } from '@/components/ui/form-field';
import { translateMessage } from '@/i18n';
import { ConnectDialogForm } from './connect-dialog-form';

/** An instance's address, the same in every language (not translated). */
const INSTANCE_EXAMPLE = 'mastodon.social';

/** Mastodon: the user names their instance; Relaycast registers itself there and sends them to authorize. */
export function MastodonConnectDialog({
  open,
  onOpenChange,
  askThrough = async () => ({}),
  initialInstance = '',
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The reconnected account and the proxy to connect through; null stops the connect (nothing is sent). */
  askThrough?: () => Promise<ConnectThroughInput | null>;
  initialInstance?: string;
}) {
  const { t } = useTranslation('accounts');
  const start = useStartMastodon();
  const [instanceUrl, setInstanceUrl] = useState(initialInstance);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    const parsed = mastodonStartInputSchema.safeParse({ instanceUrl });
    if (!parsed.success)
      return setProblem(
        translateMessage(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.instanceRequired),
      );
    setProblem(null);
    const through = await askThrough();
    if (!through) return;
    try {
      await start.mutateAsync({ instanceUrl: parsed.data.instanceUrl, through });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t('Could not reach the Mastodon instance.'));
    }
  }

  return (
    <ConnectDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title={t('Connect Mastodon')}
      description={t('Enter the server your account lives on. You will sign in there and come back here.')}
      problem={problem}
      busy={start.isPending || start.isSuccess}
      submitLabel={start.isPending || start.isSuccess ? t('Opening Mastodon…') : t('Continue to Mastodon')}
      onSubmit={submit}
    >
      <FormField
        label={t('Instance URL')}
        placeholder={INSTANCE_EXAMPLE}
        inputMode="url"
        autoComplete="url"
        value={instanceUrl}
        onChange={(event) => setInstanceUrl(event.target.value)}
      />
    </ConnectDialogForm>
  );
}
