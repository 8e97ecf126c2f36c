import { collectionInputSchema, EVERGREEN_LIMITS, EVERGREEN_MESSAGES } from '@relaycast/shared/evergreen';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateCollection, useEvergreen } from '@/api/evergreen';
import { useTimeZone } from '@/api/settings';
import { useCan } from '@/components/role-gate';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { toastOutcome } from '@/lib/show-error';
import { CollectionCard } from './collection-card';

/**
 * Evergreen (docs/evergreen.md): the workspace's collections of posts that go out again. A collection is created
 * here; a post joins one from the composer. Each entry shows its next slot and the text that goes out next.
 */
export function EvergreenPage() {
  const { t } = useTranslation('evergreen');
  const collections = useEvergreen();
  const timeZone = useTimeZone();
  const create = useCreateCollection();
  // Editors and up manage collections (`publish`); every member sees them.
  const canManage = useCan('publish') !== false;
  const [name, setName] = useState('');
  const [gap, setGap] = useState(String(EVERGREEN_LIMITS.defaultGapDays));
  // Optional stops: blank is "never".
  const [stopAfter, setStopAfter] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = collectionInputSchema.safeParse({
      name,
      minGapDays: Number(gap),
      stopAfter: stopAfter.trim() ? Number(stopAfter) : null,
      endsOn: endsOn || null,
    });
    if (!parsed.success) {
      return setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])),
      );
    }
    setErrors({});
    if (await toastOutcome(create.mutateAsync(parsed.data), translateMessage(EVERGREEN_MESSAGES.created))) {
      setName('');
    }
  };

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Evergreen')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t(
            'Posts that go out again: after one is published, it takes its account’s next free queue slot once the collection’s minimum gap has passed, with the next text variant.',
          )}
        </p>
      </header>
      {canManage ? (
        <form
          onSubmit={submit}
          className="flex flex-wrap items-end gap-2"
          noValidate
          aria-label={t('New collection')}
        >
          <div className="min-w-56 flex-1">
            <FormField
              label={t('Collection name')}
              value={name}
              placeholder={t('Blog classics')}
              error={errors.name && translateMessage(errors.name)}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="w-40">
            <FormField
              label={t('Minimum gap (days)')}
              type="number"
              min={EVERGREEN_LIMITS.minGapDays}
              max={EVERGREEN_LIMITS.maxGapDays}
              value={gap}
              error={errors.minGapDays && translateMessage(errors.minGapDays)}
              onChange={(event) => setGap(event.target.value)}
            />
          </div>
          <div className="w-44">
            <FormField
              label={t('Stop after (re-shares)')}
              type="number"
              min={1}
              max={EVERGREEN_LIMITS.maxStopAfter}
              placeholder={t('Never')}
              value={stopAfter}
              error={errors.stopAfter && translateMessage(errors.stopAfter)}
              onChange={(event) => setStopAfter(event.target.value)}
            />
          </div>
          <div className="w-44">
            <FormField
              label={t('End date (optional)')}
              type="date"
              value={endsOn}
              error={errors.endsOn && translateMessage(errors.endsOn)}
              onChange={(event) => setEndsOn(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={create.isPending}>
            <Plus aria-hidden="true" />
            {t('Create collection')}
          </Button>
        </form>
      ) : null}
      {collections.isPending ? <Spinner /> : null}
      {collections.data?.length === 0 ? (
        <p className="text-muted-foreground">
          {t('No collections yet. Create one, then add posts to it from the composer.')}
        </p>
      ) : null}
      <div className="grid gap-4">
        {(collections.data ?? []).map((collection) => (
          <CollectionCard
            key={collection.id}
            collection={collection}
            timeZone={timeZone}
            canManage={canManage}
          />
        ))}
      </div>
    </div>
  );
}
