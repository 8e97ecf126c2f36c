import { ACCOUNT_MESSAGES, mastodonStartInputSchema } from '@relaycast/shared/accounts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { useStartMastodon } from '../api/accounts';

/** Mastodon: the user names their instance; Relaycast registers itself there and sends them to authorize. */
export function MastodonConnectDialog({
  open,
  onOpenChange,
  initialInstance = '',
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  initialInstance?: string;
}) {
  const start = useStartMastodon();
  const [instanceUrl, setInstanceUrl] = useState(initialInstance);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    const parsed = mastodonStartInputSchema.safeParse({ instanceUrl });
    if (!parsed.success)
      return setProblem(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.instanceRequired);
    setProblem(null);
    try {
      await start.mutateAsync(parsed.data.instanceUrl);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Could not reach the Mastodon instance.');
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Connect Mastodon"
      description="Enter the server your account lives on. You will sign in there and come back here."
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
          label="Instance URL"
          placeholder="mastodon.social"
          inputMode="url"
          autoComplete="url"
          value={instanceUrl}
          onChange={(event) => setInstanceUrl(event.target.value)}
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
          <Button type="submit" disabled={start.isPending || start.isSuccess}>
            {start.isPending || start.isSuccess ? 'Opening Mastodon…' : 'Continue to Mastodon'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
