import { MEMBERS_MESSAGES, type Member } from '@relaycast/shared/members';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTransferOwnership } from '@/api/members';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { translateMessage } from '@/i18n';
import { toastOutcome } from '@/lib/show-error';

/** Owner only: confirms with the password; the member becomes owner and the caller an admin. */
export function TransferOwnershipButton({ member }: { member: Member }) {
  const { t } = useTranslation('members');
  const transfer = useTransferOwnership();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const done = await toastOutcome(
      transfer.mutateAsync({ memberId: member.id, password }),
      translateMessage(MEMBERS_MESSAGES.transferred),
    );
    if (done) setOpen(false);
  }

  return (
    <>
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
        {t('Make owner')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('Transfer ownership to {{name}}?', { name: member.name })}
        description={t(
          'They become the owner, with billing and deleting the workspace. You become an admin. Only they can give ownership back.',
        )}
      >
        <form onSubmit={onSubmit} className="grid gap-4">
          <FormField
            label={t('Your password')}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              {t('Cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={transfer.isPending || !password}>
              {t('Transfer ownership')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
