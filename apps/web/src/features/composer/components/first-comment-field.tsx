import { acceptsFirstComment, MAX_FIRST_COMMENT } from '@relaycast/shared/alt-text';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/i18n';

/**
 * The first comment: shown when a chosen platform lets the account comment on its own post (Instagram, Facebook,
 * LinkedIn, YouTube); posted right after the post there.
 */
export function FirstCommentField({
  platforms,
  value,
  onChange,
}: {
  platforms: readonly PlatformId[];
  value: string;
  onChange(text: string): void;
}) {
  const { t } = useTranslation('composer');
  const id = useId();
  const taking = platforms.filter(acceptsFirstComment);
  if (taking.length === 0) return null;
  const names = taking.map((platform) => PLATFORMS[platform].name).join(', ');
  return (
    <section className="grid gap-2 rounded-xl border bg-card p-5 shadow-sm">
      <label htmlFor={id} className="font-semibold">
        {t('First comment')}
      </label>
      <p id={`${id}-help`} className="text-sm text-muted-foreground">
        {t('Posted as a comment right after the post on {{platforms}}.', { platforms: names })}
      </p>
      <textarea
        id={id}
        value={value}
        rows={2}
        maxLength={MAX_FIRST_COMMENT}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-md border bg-background px-3 py-2 text-sm"
      />
      <span className="justify-self-end text-xs tabular-nums text-muted-foreground">
        {formatNumber([...value].length)} / {formatNumber(MAX_FIRST_COMMENT)}
      </span>
    </section>
  );
}
