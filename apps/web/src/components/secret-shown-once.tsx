import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '@/components/copy-field';
import { Button } from '@/components/ui/button';

/** A secret made just now (an API key, a webhook signing secret), with Copy, a note and Done: shown only once. */
export function SecretShownOnce(props: {
  label: string;
  value: string;
  onDone(): void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="grid gap-4">
      <CopyField label={props.label} value={props.value} />
      {props.children}
      <div className="flex justify-end">
        <Button type="button" onClick={props.onDone}>
          {t('Done')}
        </Button>
      </div>
    </div>
  );
}
