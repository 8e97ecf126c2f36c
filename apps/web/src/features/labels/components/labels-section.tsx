import {
  LABEL_COLORS,
  LABEL_LIMITS,
  LABEL_MESSAGES,
  type Label,
  type LabelColor,
  labelNameProblem,
} from '@relaycast/shared/labels';
import { Tag, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteLabel, useLabels, useUpdateLabel } from '@/api/labels';
import { LabelDot } from '@/components/label-chips';
import { useCan } from '@/components/role-gate';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { translateMessage } from '@/i18n';
import { showError, toastOutcome } from '@/lib/show-error';

/** The colours' names as the interface shows them. */
export function colorName(color: LabelColor, t: (key: string) => string): string {
  const names: Record<LabelColor, string> = {
    gray: t('Gray'),
    red: t('Red'),
    orange: t('Orange'),
    yellow: t('Yellow'),
    green: t('Green'),
    teal: t('Teal'),
    blue: t('Blue'),
    purple: t('Purple'),
    pink: t('Pink'),
  };
  return names[color];
}

/**
 * The workspace's labels in Settings (docs/labels.md): rename, recolour or delete one (a deleted label leaves its
 * posts, which stay). New labels are made in the composer. Changing them needs `publish`, as the routes say.
 */
export function LabelsSection() {
  const { t } = useTranslation('labels');
  const labels = useLabels().data ?? [];
  const canChange = useCan('publish') !== false;
  return (
    <SettingsCard
      title={t('Post labels')}
      icon={Tag}
      description={t(
        'Labels sort posts on the calendar and in the drafts. Create them in the composer; rename, recolour or delete them here. A workspace keeps up to {{max}} labels.',
        { max: LABEL_LIMITS.maxLabels },
      )}
    >
      {labels.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('No labels yet.')}</p>
      ) : (
        <fieldset disabled={!canChange} className="grid min-w-0 gap-2">
          <legend className="sr-only">{t('Post labels')}</legend>
          {labels.map((label) => (
            <LabelRow key={`${label.id}:${label.name}:${label.color}`} label={label} />
          ))}
        </fieldset>
      )}
    </SettingsCard>
  );
}

function LabelRow({ label }: { label: Label }) {
  const { t } = useTranslation('labels');
  const update = useUpdateLabel();
  const remove = useDeleteLabel();
  const [name, setName] = useState(label.name);

  async function save(input: { name?: string; color?: LabelColor }) {
    try {
      await update.mutateAsync({ id: label.id, input });
    } catch (error) {
      setName(label.name);
      showError(error, t('Could not save the label.'));
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-2" data-label-id={label.id}>
      <LabelDot color={label.color} className="mb-3 size-3" />
      <div className="grid min-w-40 flex-1 gap-1">
        <label htmlFor={`label-${label.id}`} className="text-xs font-medium">
          {t('Name')}
        </label>
        <Input
          id={`label-${label.id}`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => {
            const problem = labelNameProblem(name);
            if (problem) {
              showError(new Error(translateMessage(problem)));
              setName(label.name);
            } else if (name.trim() !== label.name) void save({ name });
          }}
        />
      </div>
      <SelectField
        label={t('Colour')}
        size="sm"
        className="w-32"
        value={label.color}
        options={LABEL_COLORS}
        format={(color) => colorName(color, t)}
        onChange={(color) => void save({ color })}
      />
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={remove.isPending}
        onClick={() =>
          void toastOutcome(remove.mutateAsync(label.id), translateMessage(LABEL_MESSAGES.deleted))
        }
      >
        <Trash2 aria-hidden="true" />
        <span className="sr-only">{t('Delete the label {{name}}', { name: label.name })}</span>
      </Button>
    </div>
  );
}
