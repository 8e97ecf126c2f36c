import { checkVariants, EVERGREEN_LIMITS, EVERGREEN_MESSAGES } from '@relaycast/shared/evergreen';
import type { PlatformId } from '@relaycast/shared/platforms';
import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useEvergreen } from '@/api/evergreen';
import { useCan } from '@/components/role-gate';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/i18n';

/** The composer's evergreen choice: the collection the post joins once saved, and its extra text variants. */
export interface EvergreenChoice {
  collectionId: string;
  variants: string[];
}

/**
 * The composer's Evergreen control (docs/evergreen.md), beside Repeat: "Not evergreen" or a collection, and the
 * post's extra text variants, each checked against the chosen platforms' limits as the server checks them.
 */
export function EvergreenControl({
  value,
  ownText,
  platforms,
  onChange,
}: {
  value: EvergreenChoice | null;
  ownText: string;
  platforms: readonly PlatformId[];
  onChange(value: EvergreenChoice | null): void;
}) {
  const { t } = useTranslation('composer');
  const collections = useEvergreen().data ?? [];
  const idBase = useId();
  // Joining a collection schedules re-shares: a role without `publish` (a contributor) is not offered it.
  const canPublish = useCan('publish');
  if (collections.length === 0 || canPublish === false) return null;
  const names = new Map(collections.map((collection) => [collection.id, collection.name]));
  const options = ['', ...collections.map((collection) => collection.id)];
  const variants = value?.variants ?? [];
  const problems = value ? checkVariants(ownText, variants, platforms) : [];
  const setVariants = (next: string[]) => value && onChange({ ...value, variants: next });
  return (
    <div className="grid gap-2">
      <SelectField
        label={t('Evergreen')}
        value={value?.collectionId ?? ''}
        options={options}
        format={(id) => (id ? (names.get(id) ?? id) : t('Not evergreen'))}
        onChange={(id) => onChange(id ? { collectionId: id, variants } : null)}
      />
      {value ? (
        <div className="grid gap-2">
          <p className="text-xs text-muted-foreground">
            {t(
              'After it is published, it goes out again with the next variant: variant 1 is the post’s own text.',
            )}
          </p>
          {variants.map((text, at) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: variants are plain texts; their place is their identity
            <div key={at} className="grid gap-1">
              <div className="flex items-center justify-between">
                <Label htmlFor={`${idBase}-variant-${at}`}>{t('Variant {{n}}', { n: at + 2 })}</Label>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-label={t('Remove variant {{n}}', { n: at + 2 })}
                  onClick={() => setVariants(variants.filter((_, index) => index !== at))}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              <Textarea
                id={`${idBase}-variant-${at}`}
                rows={3}
                value={text}
                onChange={(event) =>
                  setVariants(variants.map((old, index) => (index === at ? event.target.value : old)))
                }
              />
            </div>
          ))}
          {variants.length < EVERGREEN_LIMITS.maxVariants - 1 ? (
            <Button type="button" size="sm" variant="outline" onClick={() => setVariants([...variants, ''])}>
              <Plus aria-hidden="true" />
              {t('Add a variant')}
            </Button>
          ) : null}
          {variants.length === 0 ? (
            <p className="text-xs text-muted-foreground">{translateMessage(EVERGREEN_MESSAGES.oneVariant)}</p>
          ) : null}
          {problems.map((problem) => (
            <p key={`${problem.path}${problem.message}`} role="alert" className="text-xs text-destructive">
              {translateMessage(problem.message)}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
