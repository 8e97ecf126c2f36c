import { ACCOUNT_MESSAGES, blueskyConnectInputSchema } from '@relaycast/shared/accounts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/lib/toast';
import { useConnectBluesky } from '../api/accounts';

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
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Connect Bluesky"
      description="Use an app password from Bluesky’s Settings → Privacy and security → App passwords. It is stored encrypted."
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
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
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={connect.isPending}>
            {connect.isPending ? 'Connecting…' : 'Connect Bluesky'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
