import type { StreamSession } from '@relaycast/shared/streaming';
import { CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n';

/**
 * The source (the studio or OBS) dropped and the destinations show the slate
 * (docs/decisions/0101-slate-on-dropped-source.md): say so, and when the stream ends unless it comes back.
 */
export function SlateNotice({ slate }: { slate: NonNullable<StreamSession['slate']> }) {
  const { t } = useTranslation('streaming');
  const time = new Intl.DateTimeFormat(currentLocale(), { timeStyle: 'medium' }).format(
    new Date(slate.endsAt),
  );
  return (
    <div
      role="alert"
      className="grid gap-1 rounded-xl border border-amber-500/50 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="flex items-center gap-2 font-semibold">
        <CloudOff aria-hidden="true" className="size-4" />
        {t('Source lost — showing the slate')}
      </p>
      <p>
        {t(
          'Your destinations stay live with a “We’ll be right back” picture and silence. The stream ends at {{time}} unless the video comes back.',
          { time },
        )}
      </p>
    </div>
  );
}
