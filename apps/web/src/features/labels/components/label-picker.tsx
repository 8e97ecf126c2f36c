import {
  DEFAULT_LABEL_COLOR,
  LABEL_LIMITS,
  LABEL_MESSAGES,
  type Label,
  labelKey,
  labelNameProblem,
  normalizeLabelName,
} from '@relaycast/shared/labels';
import { Plus, Tag, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateLabel, useLabels } from '@/api/labels';
import { LabelChip, LabelDot } from '@/components/label-chips';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';

/** Suggestions shown under the field at once. */
const MAX_SUGGESTIONS = 12;

/**
 * The composer's labels (docs/labels.md): the post's chips, each removable, and a field that finds the workspace's
 * labels as you type; a name no label has yet is created on the spot ("Create label …", or Enter).
 */
// function-budget: one field with its suggestions and its inline create; the parts share the typed text
export function LabelPicker({
  value,
  onChange,
}: {
  value: readonly Label[];
  onChange(labels: Label[]): void;
}) {
  const { t } = useTranslation('labels');
  const id = useId();
  const labels = useLabels().data ?? [];
  const create = useCreateLabel();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const typed = normalizeLabelName(text);
  const chosen = new Set(value.map((label) => label.id));
  const isFull = value.length >= LABEL_LIMITS.maxPerPost;
  const suggestions = labels
    .filter((label) => !chosen.has(label.id) && labelKey(label.name).includes(labelKey(typed)))
    .slice(0, MAX_SUGGESTIONS);
  const exact = labels.find((label) => labelKey(label.name) === labelKey(typed));

  function add(label: Label) {
    setText('');
    setProblem(null);
    if (chosen.has(label.id)) return;
    if (isFull) setProblem(translateMessage(LABEL_MESSAGES.tooManyOnPost));
    else onChange([...value, label]);
  }

  async function createTyped() {
    const nameProblem = labelNameProblem(typed);
    if (nameProblem) {
      setProblem(translateMessage(nameProblem));
      return;
    }
    try {
      add(await create.mutateAsync({ name: typed, color: DEFAULT_LABEL_COLOR }));
    } catch (error) {
      showError(error, t('Could not create the label.'));
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <Tag aria-hidden="true" className="size-4 text-muted-foreground" />
        {t('Labels')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {t('Sort your posts on the calendar and in the drafts. Only your team sees them.')}
      </p>
      {value.length > 0 ? (
        <ul aria-label={t('Labels of this post')} className="mt-3 flex flex-wrap gap-1.5">
          {value.map((label) => (
            <li key={label.id} className="flex items-center gap-0.5">
              <LabelChip label={label} className="text-xs" />
              <button
                type="button"
                onClick={() => onChange(value.filter((item) => item.id !== label.id))}
                className="rounded p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                <X aria-hidden="true" className="size-3.5" />
                <span className="sr-only">{t('Remove the label {{name}}', { name: label.name })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 grid gap-2">
        <label htmlFor={`${id}-field`} className="sr-only">
          {t('Add a label')}
        </label>
        <Input
          id={`${id}-field`}
          value={text}
          placeholder={t('Add a label: type to find or create one')}
          maxLength={LABEL_LIMITS.maxName + 10}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || !typed) return;
            event.preventDefault();
            if (exact) add(exact);
            else void createTyped();
          }}
        />
        {problem ? (
          <p id={`${id}-problem`} className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        {suggestions.length > 0 || (typed && !exact) ? (
          <div className="flex flex-wrap gap-1.5">
            {suggestions.map((label) => (
              <Button
                key={label.id}
                type="button"
                variant="outline"
                size="sm"
                className="h-7 px-2"
                onClick={() => add(label)}
              >
                <LabelDot color={label.color} />
                {label.name}
              </Button>
            ))}
            {typed && !exact ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="h-7 px-2"
                disabled={create.isPending}
                onClick={() => void createTyped()}
              >
                <Plus aria-hidden="true" />
                {t('Create label “{{name}}”', { name: typed })}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
