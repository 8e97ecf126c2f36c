import {
  COMPOSER_LIBRARY_MESSAGES,
  hashtagGroupInputSchema,
  signatureInputSchema,
  splitHashtags,
} from '@relaycast/shared/composer-library';
import { BookMarked, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteLibraryItem,
  useHashtagGroups,
  useSaveLibraryItem,
  useSignatures,
  useTemplates,
} from '@/api/composer-library';
import { useCan } from '@/components/role-gate';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/i18n';
import { showError, toastOutcome } from '@/lib/show-error';
import { type ItemDraft, LibraryItemCard } from './library-item-card';

const signatureInputOf = (draft: ItemDraft) => ({
  name: draft.name,
  text: draft.text,
  isAutoAppend: draft.isAutoAppend ?? false,
});
const groupInputOf = (draft: ItemDraft) => ({ name: draft.name, hashtags: splitHashtags(draft.text) });

/**
 * The composer library in Settings (docs/composer-library.md): signatures (one may be added to every new post),
 * hashtag groups, and the templates saved from the composer. Changes are saved as they are made.
 */
export function ComposerLibrarySection() {
  const { t } = useTranslation('composer-library');
  const signatures = useSignatures().data?.signatures ?? [];
  const groups = useHashtagGroups().data?.hashtagGroups ?? [];
  const templates = useTemplates().data?.templates ?? [];
  const saveSignature = useSaveLibraryItem('signatures');
  const saveGroup = useSaveLibraryItem('hashtag-groups');
  const removeSignature = useDeleteLibraryItem('signatures');
  const removeGroup = useDeleteLibraryItem('hashtag-groups');
  const removeTemplate = useDeleteLibraryItem('templates');
  // Writing them is content work (the routes declare `write`): viewers see them only.
  const canWrite = useCan('write') !== false;
  const deleted = translateMessage(COMPOSER_LIBRARY_MESSAGES.deleted);

  return (
    <SettingsCard
      title={t('Signatures, hashtags and templates')}
      icon={BookMarked}
      description={t(
        'Reusable text for the composer: put a signature or a hashtag group into a post, or start a post from a template.',
      )}
    >
      <fieldset id="composer-library" disabled={!canWrite} className="grid min-w-0 gap-6">
        <section className="grid gap-3" aria-label={t('Signatures')}>
          <h3 className="font-semibold">{t('Signatures')}</h3>
          {signatures.map((signature) => (
            <LibraryItemCard
              key={`${signature.id}:${signature.isAutoAppend}`}
              item={signature}
              labels={{
                text: t('Signature text'),
                textField: 'text',
                auto: t('Add to every new post'),
              }}
              schema={signatureInputSchema}
              inputOf={signatureInputOf}
              save={(id, input) => saveSignature.mutateAsync({ id, input })}
              remove={(id) => toastOutcome(removeSignature.mutateAsync(id), deleted)}
            />
          ))}
          <AddItemButton
            label={t('Add a signature')}
            isPending={saveSignature.isPending}
            add={() =>
              saveSignature.mutateAsync({
                input: { name: t('New signature'), text: t('Thanks for reading!') },
              })
            }
          />
        </section>
        <section className="grid gap-3" aria-label={t('Hashtag groups')}>
          <h3 className="font-semibold">{t('Hashtag groups')}</h3>
          {groups.map((group) => (
            <LibraryItemCard
              key={group.id}
              item={{ id: group.id, name: group.name, text: group.hashtags.join(' ') }}
              labels={{ text: t('Hashtags (separated by spaces)'), textField: 'hashtags' }}
              schema={hashtagGroupInputSchema}
              inputOf={groupInputOf}
              save={(id, input) => saveGroup.mutateAsync({ id, input })}
              remove={(id) => toastOutcome(removeGroup.mutateAsync(id), deleted)}
            />
          ))}
          <AddItemButton
            label={t('Add a hashtag group')}
            isPending={saveGroup.isPending}
            add={() => saveGroup.mutateAsync({ input: { name: t('New group'), hashtags: ['#hashtag'] } })}
          />
        </section>
        <section className="grid gap-3" aria-label={t('Templates')}>
          <h3 className="font-semibold">{t('Templates')}</h3>
          {templates.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {t('Save a post as a template from the composer’s Templates button.')}
            </p>
          ) : (
            <ul className="grid gap-2">
              {templates.map((template) => (
                <li
                  key={template.id}
                  className="flex items-center justify-between gap-3 rounded-lg border p-3"
                >
                  <span className="min-w-0">
                    <span className="block font-medium">{template.name}</span>
                    <span className="block truncate text-sm text-muted-foreground">{template.excerpt}</span>
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={t('Delete “{{name}}”', { name: template.name })}
                    onClick={() => void toastOutcome(removeTemplate.mutateAsync(template.id), deleted)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </fieldset>
    </SettingsCard>
  );
}

/** Adds an item with placeholder text, to be edited in its card; a refusal is shown as any error is. */
function AddItemButton({
  label,
  isPending,
  add,
}: {
  label: string;
  isPending: boolean;
  add: () => Promise<unknown>;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      className="justify-self-start"
      disabled={isPending}
      onClick={() => add().catch((error: unknown) => showError(error))}
    >
      {label}
    </Button>
  );
}
