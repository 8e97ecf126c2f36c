import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SaveStatus } from '@/components/save-status';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/i18n';
import { useSaveAsYouGo } from '@/lib/use-save-as-you-go';

/** What a card edits: a name, a text (a signature's, or a group's hashtags), and maybe the automatic switch. */
export interface ItemDraft {
  name: string;
  text: string;
  isAutoAppend?: boolean;
}

interface LibraryItemCardProps<I> {
  item: ItemDraft & { id: string };
  /** The field labels of this kind of item. */
  labels: { text: string; textField: 'text' | 'hashtags'; auto?: string };
  /** The shared schema of the request: a value it refuses is shown under the field, not sent. */
  schema: z.ZodType<unknown, I>;
  inputOf(draft: ItemDraft): I;
  save(id: string, input: I): Promise<unknown>;
  remove(id: string): Promise<unknown>;
}

/**
 * One signature, hashtag group or template of the library, saved as it is changed: a text when its field is
 * left, the automatic switch at once (docs/decisions/0078-settings-save-as-you-go-and-week-start.md).
 */
export function LibraryItemCard<I>({ item, labels, schema, inputOf, save, remove }: LibraryItemCardProps<I>) {
  const { t } = useTranslation('composer-library');
  const textId = useId();
  const [draft, setDraft] = useState<ItemDraft>(item);
  const saving = useSaveAsYouGo((input: I) => save(item.id, input), {
    failureMessage: t('Could not save.'),
    onFailed: () => setDraft(item),
  });
  const parsed = schema.safeParse(inputOf(draft));
  const errorOf = (field: string) =>
    parsed.success
      ? undefined
      : parsed.error.issues.find((issue) => String(issue.path[0]) === field)?.message;
  const commit = (next: ItemDraft) => {
    setDraft(next);
    const input = inputOf(next);
    const isChanged = JSON.stringify(input) !== JSON.stringify(inputOf(item));
    if (isChanged && schema.safeParse(input).success) void saving.commit(input);
  };
  const textError = errorOf(labels.textField);

  return (
    <article aria-label={item.name} className="grid gap-3 rounded-lg border p-4">
      <div className="flex items-start justify-between gap-3">
        <FormField
          label={t('Name')}
          value={draft.name}
          error={errorOf('name') ? translateMessage(errorOf('name') ?? '') : undefined}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          onBlur={() => commit(draft)}
        />
        <div className="flex items-center gap-2 pt-6">
          <SaveStatus state={saving.state} />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={t('Delete “{{name}}”', { name: item.name })}
            onClick={() => void remove(item.id)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={textId}>{labels.text}</Label>
        <Textarea
          id={textId}
          rows={3}
          value={draft.text}
          aria-invalid={textError ? true : undefined}
          onChange={(event) => setDraft({ ...draft, text: event.target.value })}
          onBlur={() => commit(draft)}
        />
        {textError ? <p className="text-sm text-destructive">{translateMessage(textError)}</p> : null}
      </div>
      {labels.auto === undefined ? null : (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.isAutoAppend ?? false}
            onChange={(event) => commit({ ...draft, isAutoAppend: event.target.checked })}
          />
          {labels.auto}
        </label>
      )}
    </article>
  );
}
