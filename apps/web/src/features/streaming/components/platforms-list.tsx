import { STREAM_PLATFORMS, type StreamPlatform } from '@relaycast/shared/streaming';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The platforms to stream to; picking one opens its setup modal. Disabled while live. */
export function PlatformsList({
  isLive,
  onPick,
}: {
  isLive: boolean;
  onPick(platform: StreamPlatform): void;
}) {
  const { t } = useTranslation('streaming');
  return (
    <ul className="grid grid-cols-2 gap-2" aria-label={t('Platforms')}>
      {STREAM_PLATFORMS.map((platform) => (
        <li key={platform.id}>
          <Button
            variant="outline"
            size="sm"
            className="w-full min-w-0 justify-start px-2.5"
            disabled={isLive}
            onClick={() => onPick(platform)}
          >
            <Plus aria-hidden="true" />
            <span className="truncate">{t(platform.name)}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
