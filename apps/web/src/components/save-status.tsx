import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SaveState } from '@/lib/use-save-as-you-go';

/**
 * The small "Saving…" / "Saved" beside a settings section's title (lib/use-save-as-you-go.ts). Always in the
 * page, so a screen reader hears each change of it.
 */
export function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation('common');
  return (
    <span
      role="status"
      className="ml-auto inline-flex items-center gap-1 text-xs font-normal text-muted-foreground"
    >
      {state === 'saving' ? t('Saving…') : null}
      {state === 'saved' ? (
        <>
          <Check aria-hidden="true" className="size-3.5 text-green-600" />
          {t('Saved')}
        </>
      ) : null}
    </span>
  );
}
