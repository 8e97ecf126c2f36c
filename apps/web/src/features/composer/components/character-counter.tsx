import { checkPlatformRules, PLATFORMS, type PlatformId, textLengthFor } from '@relaycast/shared/platforms';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '@/components/platform-icon';
import { formatNumber } from '@/i18n';
import { cn } from '@/lib/cn';

/** The length message of checkPlatformRules for this platform, when the text is over its limit. */
export function lengthProblem(
  platform: PlatformId,
  text: string,
  shortLinkBase?: string | null,
): string | null {
  const { name, maxLength } = PLATFORMS[platform];
  if (textLengthFor(platform, text, { shortLinkBase }) <= maxLength) return null;
  // Matches the shared rule's English wording (the message itself is translated where it is shown).
  const prefix = `${name} allows at most ${maxLength.toLocaleString('en-US')} characters`;
  return (
    checkPlatformRules(platform, text, [], { shortLinkBase }).find((issue) =>
      issue.message.startsWith(prefix),
    )?.message ?? null
  );
}

interface CharacterCounterProps {
  platform: PlatformId;
  /** The text this platform gets (its override or the shared content). */
  text: string;
  isCustomized?: boolean;
  /** Set when the post's links are shortened: each address counts as its short link. */
  shortLinkBase?: string | null;
}

/** "X (Twitter) 12 / 280" with a bar; over the limit it turns red and says the platform's rule. */
export function CharacterCounter({ platform, text, isCustomized, shortLinkBase }: CharacterCounterProps) {
  const { t } = useTranslation('composer');
  const { name, maxLength } = PLATFORMS[platform];
  const length = textLengthFor(platform, text, { shortLinkBase });
  const problem = lengthProblem(platform, text, shortLinkBase);
  const ratio = Math.min(1, length / maxLength);
  const isNearLimit = !problem && ratio >= 0.9;
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2 text-sm">
        <PlatformIcon platform={platform} />
        <span className="min-w-0 flex-1 truncate font-medium">
          {name}
          {isCustomized ? (
            <span className="ml-1.5 text-xs font-normal text-muted-foreground">{t('custom text')}</span>
          ) : null}
        </span>
        <span
          className={cn(
            'tabular-nums text-muted-foreground',
            isNearLimit && 'text-amber-700 dark:text-amber-400',
            problem && 'font-semibold text-destructive',
          )}
        >
          <span aria-hidden="true">
            {formatNumber(length)} / {formatNumber(maxLength)}
          </span>
          <span className="sr-only">
            {t('{{length}} of {{max}} characters', {
              length: formatNumber(length),
              max: formatNumber(maxLength),
            })}
          </span>
        </span>
      </div>
      <div className="h-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div
          className={cn(
            'h-full rounded-full bg-primary transition-[width]',
            isNearLimit && 'bg-amber-500',
            problem && 'bg-destructive',
          )}
          style={{ width: `${ratio * 100}%` }}
        />
      </div>
      {problem ? <p className="text-sm text-destructive">{problem}</p> : null}
    </div>
  );
}
