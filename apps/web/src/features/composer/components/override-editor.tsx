import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { PenLine, Undo2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '@/components/platform-icon';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

interface OverrideEditorProps {
  platforms: readonly PlatformId[];
  content: string;
  overrides: Partial<Record<PlatformId, string>>;
  onChange(overrides: Partial<Record<PlatformId, string>>): void;
}

/** "Customize for X": a platform gets its own text (a shorter X version, say) instead of the shared one. */
export function OverrideEditor({ platforms, content, overrides, onChange }: OverrideEditorProps) {
  const { t } = useTranslation('composer');
  const baseId = useId();
  if (platforms.length === 0) return null;

  function customize(platform: PlatformId) {
    onChange({ ...overrides, [platform]: content });
  }
  function reset(platform: PlatformId) {
    const next = { ...overrides };
    delete next[platform];
    onChange(next);
  }

  const customized = platforms.filter((platform) => overrides[platform] !== undefined);
  const shared = platforms.filter((platform) => overrides[platform] === undefined);
  return (
    <div className="grid gap-3">
      {customized.map((platform) => {
        const id = `${baseId}-${platform}`;
        return (
          <div key={platform} className="grid gap-1.5 rounded-lg border border-dashed p-3">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor={id} className="flex items-center gap-2">
                <PlatformIcon platform={platform} />
                {t('Text for {{platform}}', { platform: PLATFORMS[platform].name })}
              </Label>
              <Button variant="ghost" size="sm" onClick={() => reset(platform)}>
                <Undo2 aria-hidden="true" />
                {t('Use the main text')}
              </Button>
            </div>
            <Textarea
              id={id}
              rows={3}
              className="min-h-20"
              value={overrides[platform] ?? ''}
              onChange={(event) => onChange({ ...overrides, [platform]: event.target.value })}
            />
          </div>
        );
      })}
      {shared.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs text-muted-foreground">{t('Adapt the text:')}</span>
          {shared.map((platform) => (
            <Button key={platform} variant="outline" size="sm" onClick={() => customize(platform)}>
              <PenLine aria-hidden="true" />
              {t('Customize for {{platform}}', { platform: PLATFORMS[platform].name })}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
