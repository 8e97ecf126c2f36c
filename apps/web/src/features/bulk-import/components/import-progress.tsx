import type { BulkImportProgress } from '@relaycast/shared/bulk-import';
import { useTranslation } from 'react-i18next';

/**
 * What a running check or import is doing, as the server tells it (docs/bulk-import.md, "Progress"): media by
 * URL fetched one by one, then the rows checked, then the posts saved. Before the first line arrives the file is
 * still on its way up.
 */
export function ImportProgress({ progress }: { progress: BulkImportProgress | null }) {
  const { t } = useTranslation('bulk-import');
  const label = !progress
    ? t('Sending the file…')
    : progress.stage === 'fetching'
      ? t('Fetching media: {{done}} of {{of}}', { done: progress.done, of: progress.of })
      : progress.stage === 'checking'
        ? t('Checking rows: {{done}} of {{of}}', { done: progress.done, of: progress.of })
        : t('Saving posts: {{done}} of {{of}}', { done: progress.done, of: progress.of });
  return (
    <div className="grid max-w-md gap-1">
      <p role="status" className="text-sm text-muted-foreground">
        {label}
      </p>
      <progress
        aria-label={label}
        className="h-2 w-full accent-primary"
        // No value while the file uploads: an indeterminate bar.
        {...(progress && progress.of > 0 ? { value: progress.done, max: progress.of } : {})}
      />
    </div>
  );
}
