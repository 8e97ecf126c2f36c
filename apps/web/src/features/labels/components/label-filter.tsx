import { useTranslation } from 'react-i18next';
import { useLabels } from '@/api/labels';
import { SelectField } from '@/components/ui/select-field';

/** Only the posts carrying one label (the calendar, the drafts); '' shows every post. Hidden without labels. */
export function LabelFilter({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange(labelId: string): void;
  className?: string;
}) {
  const { t } = useTranslation('labels');
  const labels = useLabels().data ?? [];
  if (labels.length === 0 && !value) return null;
  const names = new Map(labels.map((label) => [label.id, label.name]));
  return (
    <SelectField
      label={t('Label')}
      size="sm"
      className={className}
      value={value}
      options={['', ...labels.map((label) => label.id)]}
      format={(id) => (id ? (names.get(id) ?? t('Deleted label')) : t('All labels'))}
      onChange={onChange}
    />
  );
}
