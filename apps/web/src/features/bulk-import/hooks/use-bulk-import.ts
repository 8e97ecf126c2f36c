import {
  BULK_IMPORT_TEMPLATE,
  type BulkImportColumn,
  type BulkImportMode,
  type BulkImportPreview,
  type BulkImportProgress,
  rowsWithProblemsCsv,
  withRowFixed,
} from '@relaycast/shared/bulk-import';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePreviewBulkImport, useRunBulkImport } from '@/api/bulk-import';
import { useTimeZone } from '@/api/settings';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';

/** Offers a text as a file to save. */
export function downloadText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The bulk import page's state: the file's text, the mode, the preview and the import. */
export function useBulkImport() {
  const { t } = useTranslation('bulk-import');
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const previewRequest = usePreviewBulkImport();
  const runRequest = useRunBulkImport();
  const [csv, setCsvText] = useState('');
  const [mode, setModeValue] = useState<BulkImportMode>('scheduled');
  const [preview, setPreview] = useState<BulkImportPreview | null>(null);
  const [confirmRepeated, setConfirmRepeated] = useState(false);
  /** The line of the row being fixed in the preview (null: none). */
  const [editingLine, setEditingLine] = useState<number | null>(null);
  /** The running request's latest progress (null: none running, or none told yet). */
  const [progress, setProgress] = useState<BulkImportProgress | null>(null);

  const rows = preview?.rows ?? [];
  const goodCount = rows.filter((row) => row.problems.length === 0).length;
  const badCount = rows.length - goodCount;

  function setCsv(text: string) {
    setCsvText(text);
    setPreview(null);
    setConfirmRepeated(false);
  }
  function setMode(value: BulkImportMode) {
    setModeValue(value);
    setPreview(null);
  }
  async function readFile(file: File) {
    setCsv(await file.text());
  }
  function check(text = csv) {
    setProgress(null);
    previewRequest.mutate(
      { request: { csv: text, mode, timeZone }, onProgress: setProgress },
      {
        onSettled: () => setProgress(null),
        onSuccess(result) {
          setPreview(result);
          setEditingLine(null);
        },
        onError: (error) => showError(error, t('Could not check the file.')),
      },
    );
  }
  /** Writes a fixed row into the file and checks the file again (the import sends the fixed file). */
  function fixRow(line: number, changes: Partial<Record<BulkImportColumn, string>>) {
    const fixed = withRowFixed(csv, line, changes);
    setCsvText(fixed);
    check(fixed);
  }
  function runImport() {
    setProgress(null);
    runRequest.mutate(
      { request: { csv, mode, timeZone, confirmRepeatedFile: confirmRepeated }, onProgress: setProgress },
      {
        onSettled: () => setProgress(null),
        onSuccess(result) {
          toast.success(t('{{count}} posts imported.', { count: result.postIds.length }));
          navigate(mode === 'drafts' ? '/drafts' : '/calendar');
        },
        onError: (error) => showError(error, t('Could not import the posts.')),
      },
    );
  }
  return {
    csv,
    setCsv,
    readFile,
    mode,
    setMode,
    preview,
    rows,
    goodCount,
    badCount,
    confirmRepeated,
    setConfirmRepeated,
    check: () => check(),
    editingLine,
    setEditingLine,
    fixRow,
    isChecking: previewRequest.isPending,
    runImport,
    isImporting: runRequest.isPending,
    progress,
    downloadTemplate: () => downloadText(BULK_IMPORT_TEMPLATE, 'relaycast-bulk-import-template.csv'),
    downloadProblems: () => downloadText(rowsWithProblemsCsv(rows), 'relaycast-rows-with-problems.csv'),
  };
}
export type BulkImportState = ReturnType<typeof useBulkImport>;
