import { ACCOUNT_MESSAGES, blueskyConnectInputSchema } from '@relaycast/shared/accounts';
import type { ConnectThroughInput } from '@relaycast/shared/proxies';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectBluesky } from '@/api/accounts';
import { FormField } from '@/components/ui/form-field';
import { translateMessage } from '@/i18n';
import { toast } from '@/lib/toast';
import { accountMessages } from '../account-messages';
import { ConnectDialogForm } from './connect-dialog-form';

/** Examples of an address and a password's shape: the same in every language, so not translated. */
const EXAMPLES = {
  handle: 'alice.bsky.social',
  appPassword: 'xxxx-xxxx-xxxx-xxxx',
  service: 'https://bsky.social',
} as const;

/** Bluesky connects with the handle and an app password (never the main password). */
export function BlueskyConnectDialog({
  open,
  onOpenChange,
  askThrough = async () => ({}),
  initialHandle = '',
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The reconnected account and the proxy to connect through; null stops the connect (nothing is sent). */
  askThrough?: () => Promise<ConnectThroughInput | null>;
  initialHandle?: string;
}) {
  const { t } = useTranslation('accounts');
  const connect = useConnectBluesky();
  const [handle, setHandle] = useState(initialHandle);
  const [appPassword, setAppPassword] = useState('');
  const [service, setService] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    const parsed = blueskyConnectInputSchema.safeParse({ handle, appPassword, service });
    if (!parsed.success)
      return setProblem(translateMessage(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.handleRequired));
    setProblem(null);
    const through = await askThrough();
    if (!through) return;
    try {
      const account = await connect.mutateAsync({ ...parsed.data, ...through });
      toast.success(accountMessages.connected('Bluesky', account.handle));
      setAppPassword('');
      onOpenChange(false);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t('Could not connect the Bluesky account.'));
    }
  }

  return (
    <ConnectDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title={t('Connect Bluesky')}
      description={t(
        'Use an app password from Bluesky’s Settings → Privacy and security → App passwords. It is stored encrypted.',
      )}
      problem={problem}
      busy={connect.isPending}
      submitLabel={connect.isPending ? t('Connecting…') : t('Connect Bluesky')}
      onSubmit={submit}
    >
      <FormField
        label={t('Handle')}
        placeholder={EXAMPLES.handle}
        autoComplete="username"
        value={handle}
        onChange={(event) => setHandle(event.target.value)}
      />
      <FormField
        label={t('App password')}
        type="password"
        autoComplete="off"
        placeholder={EXAMPLES.appPassword}
        value={appPassword}
        onChange={(event) => setAppPassword(event.target.value)}
      />
      <FormField
        label={t('Server (optional)')}
        placeholder={EXAMPLES.service}
        inputMode="url"
        hint={t('Only if your account lives on its own server (PDS). Leave empty for Bluesky.')}
        value={service}
        onChange={(event) => setService(event.target.value)}
      />
    </ConnectDialogForm>
  );
}
