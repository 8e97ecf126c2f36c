import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegenerateBackupCodes } from '@/api/two-factor';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { translateMessage } from '@/i18n';
import { toast } from '@/lib/toast';
import { BackupCodesPanel, messageOf, PasswordStep } from './two-factor-parts';

/** "New backup codes": after the password, ten fresh codes replace the old ones, shown once. */
export function NewBackupCodesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const regenerate = useRegenerateBackupCodes();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { t } = useTranslation('auth');

  function close() {
    setPassword('');
    setError(null);
    setCodes(null);
    onClose();
  }

  async function submit() {
    setError(null);
    if (!password) return setError(translateMessage(AUTH_MESSAGES.passwordRequired));
    try {
      setCodes(await regenerate.mutateAsync(password));
      setPassword('');
      toast.success(t(AUTH_MESSAGES.backupCodesRenewed));
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={codes ? t('Save your new backup codes') : t('New backup codes')}
      description={
        codes
          ? undefined
          : t('Your current backup codes stop working. Enter your password to get ten new ones.')
      }
    >
      {codes ? (
        <BackupCodesPanel codes={codes} onDone={close} />
      ) : (
        <PasswordStep
          password={password}
          error={error}
          onChange={setPassword}
          onSubmit={() => void submit()}
          onCancel={close}
          submit={
            <Button type="submit" disabled={regenerate.isPending}>
              {t('Get new codes')}
            </Button>
          }
        />
      )}
    </Dialog>
  );
}
