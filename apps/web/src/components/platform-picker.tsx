import { PLATFORM_IDS, PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '@/components/platform-icon';
import { cn } from '@/lib/cn';

interface PlatformPickerProps {
  selected: readonly PlatformId[];
  onChange(selected: PlatformId[]): void;
  /** The group's accessible name. */
  label?: string;
  /** id of an element describing a problem with the choice (e.g. "Choose at least one platform."). */
  errorId?: string;
  size?: 'sm' | 'md';
  className?: string;
}

/** Toggle buttons, one per supported network, in the order of PLATFORM_IDS. */
export function PlatformPicker({
  selected,
  onChange,
  label,
  errorId,
  size = 'md',
  className,
}: PlatformPickerProps) {
  const { t } = useTranslation('common');
  function toggle(platform: PlatformId) {
    const next = selected.includes(platform)
      ? selected.filter((id) => id !== platform)
      : PLATFORM_IDS.filter((id) => id === platform || selected.includes(id));
    onChange(next);
  }
  return (
    <fieldset aria-describedby={errorId} className={cn('flex flex-wrap gap-2', className)}>
      <legend className="sr-only">{label ?? t('Platforms')}</legend>
      {PLATFORM_IDS.map((platform) => {
        const isSelected = selected.includes(platform);
        return (
          <button
            key={platform}
            type="button"
            aria-pressed={isSelected}
            onClick={() => toggle(platform)}
            className={cn(
              'inline-flex items-center gap-2 rounded-full border font-medium transition-colors',
              size === 'sm' ? 'h-8 px-3 text-xs' : 'h-9 px-3.5 text-sm',
              isSelected
                ? 'border-primary bg-accent text-accent-foreground'
                : 'border-input bg-card text-muted-foreground hover:bg-muted hover:text-foreground',
            )}
          >
            <PlatformIcon platform={platform} />
            {PLATFORMS[platform].name}
            {isSelected ? <Check aria-hidden="true" className="size-3.5" /> : null}
          </button>
        );
      })}
    </fieldset>
  );
}
