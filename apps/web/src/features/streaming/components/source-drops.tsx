import type { SourceDrop } from '@relaycast/shared/streaming';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/i18n';
import { formatDuration } from '@/lib/format';

/**
 * When the stream's source (OBS or the studio) dropped and the slate covered it for the platforms
 * (docs/decisions/0101-slate-on-dropped-source.md): each drop's time into the stream and how long it lasted.
 */
export function SourceDrops({ drops }: { drops: SourceDrop[] }) {
  const { t } = useTranslation('streaming');
  if (drops.length === 0) return null;
  return (
    <section aria-labelledby="source-drops-heading" className="grid gap-1 text-sm">
      <h3 id="source-drops-heading" className="font-medium">
        {t('Source drops: {{count}}', { count: drops.length })}
      </h3>
      <ul className="grid gap-0.5 text-muted-foreground">
        {drops.map((drop) => (
          <li key={drop.atSeconds}>
            {drop.returned
              ? t('At {{at}} the source dropped; the slate showed for {{seconds}} s until it came back.', {
                  at: formatDuration(drop.atSeconds),
                  seconds: formatNumber(drop.seconds),
                })
              : t('At {{at}} the source dropped and did not come back; the slate showed for {{seconds}} s.', {
                  at: formatDuration(drop.atSeconds),
                  seconds: formatNumber(drop.seconds),
                })}
          </li>
        ))}
      </ul>
    </section>
  );
}
