import { PLATFORM_IDS, PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { type ExportFormat, exportWarnings } from '@relaycast/shared/video-editor';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The platforms the export is meant for, and what they would refuse about it (format, duration) or advise (frame) before it
 * runs; the same rules and messages as the composer's.
 */
export function PlatformCheck({
  selected,
  onChange,
  planned,
}: {
  selected: readonly PlatformId[];
  onChange(platforms: PlatformId[]): void;
  planned: { name: string; format: ExportFormat; durationSeconds: number; aspect: string | null };
}) {
  const { t } = useTranslation('video-editor');
  const id = useId();
  const warnings = exportWarnings(selected, planned);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{t('Check against platforms')}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {PLATFORM_IDS.map((platform) => (
          <label
            key={platform}
            className="inline-flex items-center gap-1.5 text-sm"
            htmlFor={`${id}-${platform}`}
          >
            <input
              id={`${id}-${platform}`}
              type="checkbox"
              checked={selected.includes(platform)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...selected, platform]
                    : selected.filter((candidate) => candidate !== platform),
                )
              }
            />
            {PLATFORMS[platform].name}
          </label>
        ))}
      </div>
      {warnings.length > 0 ? (
        <ul
          aria-label={t('Platform warnings')}
          className="grid gap-1 text-sm text-amber-700 dark:text-amber-400"
        >
          {warnings.map((warning) => (
            <li key={`${warning.platform}-${warning.message}`} className="flex items-start gap-1.5">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {warning.message}
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
