import { ACCOUNT_MESSAGES, blueskyConnectInputSchema } from '@relaycast/shared/accounts';
import { useState } from 'react';
import { useConnectBluesky } from '@/api/accounts';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/lib/toast';
import { ConnectDialogForm } from './connect-dialog-form';

/** Bluesky connects with the handle and an app password (never the main password). */
export function BlueskyConnectDialog({
  open,
  onOpenChange,
  initialHandle = '',
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  initialHandle?: string;
}) {
  const connect = useConnectBluesky();
  const [handle, setHandle] = useState(initialHandle);
  const [appPassword, setAppPassword] = useState('');
  const [service, setService] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    const parsed = blueskyConnectInputSchema.safeParse({ handle, appPassword, service });
    if (!parsed.success)
      return setProblem(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.handleRequired);
    setProblem(null);
    try {
      const account = await connect.mutateAsync(parsed.data);
      toast.success(ACCOUNT_MESSAGES.connected('Bluesky', account.handle));
      setAppPassword('');
      onOpenChange(false);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Could not connect the Bluesky account.');
    }
  }

  return (
    <ConnectDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title="Connect Bluesky"
      description="Use an app password from Bluesky’s Settings → Privacy and security → App passwords. It is stored encrypted."
      problem={problem}
      busy={connect.isPending}
      submitLabel={connect.isPending ? 'Connecting…' : 'Connect Bluesky'}
      onSubmit={submit}
    >
      <FormField
        label="Handle"
        placeholder="alice.bsky.social"
        autoComplete="username"
        value={handle}
        onChange={(event) => setHandle(event.target.value)}
      />
      <FormField
        label="App password"
        type="password"
        autoComplete="off"
        placeholder="xxxx-xxxx-xxxx-xxxx"
        value={appPassword}
        onChange={(event) => setAppPassword(event.target.value)}
      />
      <FormField
        label="Server (optional)"
        placeholder="https://bsky.social"
        inputMode="url"
        hint="Only if your account lives on its own server (PDS). Leave empty for Bluesky."
        value={service}
        onChange={(event) => setService(event.target.value)}
      />
    </ConnectDialogForm>
  );
}
