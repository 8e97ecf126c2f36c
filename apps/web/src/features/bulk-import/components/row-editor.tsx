import {
  BULK_IMPORT_FIXABLE,
  type BulkImportColumn,
  type BulkImportRow,
} from '@relaycast/shared/bulk-import';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

type Fixable = (typeof BULK_IMPORT_FIXABLE)[number];

/**
 * A bad row fixed inside the preview: its text, link, date, time, time zone, accounts, media and labels edited in place, then
 * the file checked again with the row changed (the server checks; nothing is saved).
 */
export function RowEditor({
  row,
  isChecking,
  onCheck,
  onCancel,
}: {
  row: BulkImportRow;
  isChecking: boolean;
  onCheck: (changes: Partial<Record<BulkImportColumn, string>>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('bulk-import');
  const id = useId();
  const [values, setValues] = useState<Record<Fixable, string>>(
    () =>
      Object.fromEntries(BULK_IMPORT_FIXABLE.map((c) => [c, row.fields[c] ?? ''])) as Record<Fixable, string>,
  );
  const labels: Record<Fixable, string> = {
    text: t('Text'),
    link: t('Link (https://…)'),
    date: t('Date (YYYY-MM-DD)'),
    time: t('Time (HH:MM)'),
    timezone: t('Time zone'),
    accounts: t('Accounts'),
    media: t('Media'),
    labels: t('Labels (separated by ;)'),
  };
  const set = (column: Fixable, value: string) => setValues((current) => ({ ...current, [column]: value }));
  return (
    <form
      className="grid gap-3 rounded-md border bg-background p-3"
      aria-label={t('Fix line {{line}}', { line: row.line })}
      onSubmit={(event) => {
        event.preventDefault();
        onCheck(values);
      }}
    >
      {BULK_IMPORT_FIXABLE.map((column) => (
        <div key={column} className="grid gap-1">
          <label htmlFor={`${id}-${column}`} className="text-xs font-medium">
            {labels[column]}
          </label>
          {column === 'text' ? (
            <Textarea
              id={`${id}-${column}`}
              value={values[column]}
              onChange={(event) => set(column, event.target.value)}
              className="text-sm"
            />
          ) : (
            <Input
              id={`${id}-${column}`}
              value={values[column]}
              onChange={(event) => set(column, event.target.value)}
              className="text-sm"
            />
          )}
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={isChecking}>
          {isChecking ? t('Checking…') : t('Check this row again')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </div>
    </form>
  );
}
