import { BULK_IMPORT_COLUMNS, type BulkImportRow } from '@relaycast/shared/bulk-import';
import { Download, FileUp, Pencil } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '@/api/settings';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/i18n';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/time-zone';
import { type BulkImportState, useBulkImport } from '../hooks/use-bulk-import';
import { ImportProgress } from './import-progress';
import { RowEditor } from './row-editor';

/** /bulk-import: a CSV of posts, checked row by row, then imported as scheduled posts or drafts (docs/bulk-import.md). */
export function BulkImportPage() {
  const { t } = useTranslation('bulk-import');
  const state = useBulkImport();
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Bulk import')}</h1>
          <p className="mt-2 text-muted-foreground">
            {t('Schedule many posts at once from a CSV file or rows pasted from a spreadsheet.')}
          </p>
        </div>
        <Button variant="outline" onClick={state.downloadTemplate}>
          <Download aria-hidden="true" />
          {t('Download the template')}
        </Button>
      </header>
      <FileSection state={state} />
      {state.preview ? <PreviewSection state={state} /> : null}
    </div>
  );
}

function FileSection({ state }: { state: BulkImportState }) {
  const { t } = useTranslation('bulk-import');
  const fileId = useId();
  const pasteId = useId();
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <p className="text-sm text-muted-foreground">
        {t(
          'Columns: {{columns}}. Only text is required; a row without date and time goes to the next free queue slot.',
          {
            columns: BULK_IMPORT_COLUMNS.join(', '),
          },
        )}
      </p>
      <div className="grid gap-2">
        <label htmlFor={fileId} className="text-sm font-medium">
          <FileUp aria-hidden="true" className="mr-1 inline size-4" />
          {t('Upload a CSV file')}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv,text/plain"
          className="text-sm"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void state.readFile(file);
          }}
        />
      </div>
      <div className="grid gap-2">
        <label htmlFor={pasteId} className="text-sm font-medium">
          {t('Or paste the rows')}
        </label>
        <Textarea
          id={pasteId}
          value={state.csv}
          onChange={(event) => state.setCsv(event.target.value)}
          className="font-mono text-xs"
          spellCheck={false}
        />
      </div>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-2 font-medium">{t('Import as')}</legend>
        {(['scheduled', 'drafts'] as const).map((mode) => (
          <label key={mode} className="flex items-center gap-2">
            <input
              type="radio"
              name="bulk-import-mode"
              checked={state.mode === mode}
              onChange={() => state.setMode(mode)}
            />
            {mode === 'scheduled' ? t('Scheduled posts') : t('Drafts')}
          </label>
        ))}
      </fieldset>
      <div>
        <Button onClick={state.check} disabled={!state.csv.trim() || state.isChecking}>
          {state.isChecking ? t('Checking…') : t('Check the rows')}
        </Button>
      </div>
      {state.isChecking ? <ImportProgress progress={state.progress} /> : null}
    </Card>
  );
}

function PreviewSection({ state }: { state: BulkImportState }) {
  const { t } = useTranslation('bulk-import');
  const preview = state.preview;
  if (!preview) return null;
  if (preview.problems.length > 0) {
    return (
      <Card role="alert" className="grid gap-2 border-destructive p-4 sm:p-6">
        <h2 className="font-semibold">{t('This file cannot be imported')}</h2>
        <ul className="list-disc pl-5 text-sm">
          {preview.problems.map((problem) => (
            <li key={problem}>{translateMessage(problem)}</li>
          ))}
        </ul>
      </Card>
    );
  }
  return (
    <section aria-labelledby="bulk-import-preview" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="bulk-import-preview" className="text-lg font-semibold">
          {t('{{good}} rows ready, {{bad}} with problems', { good: state.goodCount, bad: state.badCount })}
        </h2>
        <ImportActions state={state} />
      </div>
      {state.isImporting ? <ImportProgress progress={state.progress} /> : null}
      {preview.alreadyImported ? (
        <Card role="alert" className="grid gap-2 border-amber-500 p-4 text-sm">
          <p>{t('This file was already imported in this workspace.')}</p>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={state.confirmRepeated}
              onChange={(event) => state.setConfirmRepeated(event.target.checked)}
            />
            {t('Import it again anyway')}
          </label>
        </Card>
      ) : null}
      <PreviewTable state={state} />
      <PreviewList state={state} />
    </section>
  );
}

function ImportActions({ state }: { state: BulkImportState }) {
  const { t } = useTranslation('bulk-import');
  const blocked = state.preview?.alreadyImported && !state.confirmRepeated;
  return (
    <div className="flex flex-wrap gap-2">
      {state.badCount > 0 ? (
        <Button variant="outline" onClick={state.downloadProblems}>
          <Download aria-hidden="true" />
          {t('Download rows with problems')}
        </Button>
      ) : null}
      <Button onClick={state.runImport} disabled={state.goodCount === 0 || blocked || state.isImporting}>
        {state.mode === 'scheduled'
          ? t('Import {{count}} posts as scheduled', { count: state.goodCount })
          : t('Import {{count}} posts as drafts', { count: state.goodCount })}
      </Button>
    </div>
  );
}

function PreviewTable({ state }: { state: BulkImportState }) {
  const { t } = useTranslation('bulk-import');
  const rows = state.rows;
  const timeZone = useTimeZone();
  return (
    <div className="hidden overflow-x-auto rounded-md border sm:block">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="bg-muted/50">
          <tr>
            <th className="p-2">{t('Line')}</th>
            <th className="p-2">{t('Text')}</th>
            <th className="p-2">{t('When')}</th>
            <th className="p-2">{t('Accounts')}</th>
            <th className="p-2">{t('Problems')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const bad = row.problems.length > 0;
            return (
              <tr
                key={row.line}
                className={bad ? 'bg-destructive/5' : undefined}
                data-status={bad ? 'problem' : 'ok'}
              >
                <td className="p-2 align-top tabular-nums">{row.line}</td>
                <td className="max-w-[18rem] p-2 align-top">
                  <span className="line-clamp-3 break-words whitespace-pre-line">{row.content}</span>
                  <RowLabels row={row} />
                </td>
                <td className="p-2 align-top whitespace-nowrap">
                  {row.scheduledAt ? formatDateTime(row.scheduledAt, timeZone) : t('Next free slot')}
                </td>
                <td className="p-2 align-top">{row.accountHandles.join(', ')}</td>
                <td className="p-2 align-top">
                  <RowOutcome row={row} state={state} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The labels a row puts on its post (new ones are created by the import: docs/labels.md). */
function RowLabels({ row }: { row: BulkImportRow }) {
  const { t } = useTranslation('bulk-import');
  if (row.labels.length === 0) return null;
  return (
    <span className="mt-1 block text-xs text-muted-foreground">
      {t('Labels: {{names}}', { names: row.labels.join(', ') })}
    </span>
  );
}

/** A row's problems, or Ready, and its notes; a bad row can be fixed here and checked again. */
function RowOutcome({ row, state }: { row: BulkImportRow; state: BulkImportState }) {
  const { t } = useTranslation('bulk-import');
  if (state.editingLine === row.line) {
    return (
      <RowEditor
        row={row}
        isChecking={state.isChecking}
        onCheck={(changes) => state.fixRow(row.line, changes)}
        onCancel={() => state.setEditingLine(null)}
      />
    );
  }
  return (
    <>
      {row.problems.length > 0 ? (
        <ul className="grid gap-1 text-destructive">
          {row.problems.map((problem) => (
            <li key={problem}>{translateMessage(problem)}</li>
          ))}
        </ul>
      ) : (
        <span className="text-emerald-700 dark:text-emerald-400">{t('Ready')}</span>
      )}
      {row.notes.map((note) => (
        <p key={note} className="text-muted-foreground">
          {translateMessage(note)}
        </p>
      ))}
      {row.problems.length > 0 ? (
        <Button
          size="sm"
          variant="outline"
          className="mt-2"
          onClick={() => state.setEditingLine(row.line)}
          aria-label={t('Fix line {{line}}', { line: row.line })}
        >
          <Pencil aria-hidden="true" />
          {t('Fix')}
        </Button>
      ) : null}
    </>
  );
}

/** The preview on a phone: one card per row instead of a table wider than the screen. */
function PreviewList({ state }: { state: BulkImportState }) {
  const { t } = useTranslation('bulk-import');
  const rows = state.rows;
  const timeZone = useTimeZone();
  return (
    <ul className="grid gap-2 sm:hidden" aria-label={t('Rows')}>
      {rows.map((row) => (
        <li
          key={row.line}
          className={cn(
            'grid gap-1 rounded-md border p-3 text-sm',
            row.problems.length > 0 && 'bg-destructive/5',
          )}
        >
          <p className="text-xs text-muted-foreground">
            {t('Line')} {row.line} ·{' '}
            {row.scheduledAt ? formatDateTime(row.scheduledAt, timeZone) : t('Next free slot')}
          </p>
          <p className="line-clamp-3 break-words whitespace-pre-line">{row.content}</p>
          <RowLabels row={row} />
          <RowOutcome row={row} state={state} />
        </li>
      ))}
    </ul>
  );
}
