import type { StreamSession } from '@relaycast/shared/streaming';
import { Radio } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/lib/format';

/** LIVE (or STARTING) with the time since the stream started, on the studio's preview. */
export function LiveBadge({ session }: { session: StreamSession }) {
  const { t } = useTranslation('streaming');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const isStarting = session.status === 'starting';
  return (
    <span
      role="status"
      className="flex items-center gap-2 rounded-md bg-red-600 px-2 py-1 text-xs font-bold tracking-wide text-white"
    >
      <Radio aria-hidden="true" className="size-3.5" />
      {isStarting ? t('STARTING') : t('LIVE')}
      {isStarting ? null : (
        <span className="font-medium tabular-nums">
          {formatDuration((now - Date.parse(session.startedAt)) / 1000)}
        </span>
      )}
    </span>
  );
}
