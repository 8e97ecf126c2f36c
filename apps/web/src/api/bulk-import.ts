import type {
  BulkImportPreview,
  BulkImportProgress,
  BulkImportRequest,
  BulkImportResult,
} from '@relaycast/shared/bulk-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetchWithProgress } from '@/lib/api-client';
import { postKeys } from './posts';

/** A request and where its progress goes (media fetched, rows checked, posts saved). */
export interface BulkImportCall {
  request: BulkImportRequest;
  onProgress: (progress: BulkImportProgress) => void;
}

/** `/api/bulk-import` (docs/bulk-import.md): check a CSV's rows, then import the good ones, with progress. */
export function usePreviewBulkImport() {
  return useMutation({
    mutationFn: ({ request, onProgress }: BulkImportCall) =>
      apiFetchWithProgress<BulkImportPreview, BulkImportProgress>(
        '/api/bulk-import/preview',
        { method: 'POST', json: request },
        onProgress,
      ),
  });
}

export function useRunBulkImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ request, onProgress }: BulkImportCall) =>
      apiFetchWithProgress<BulkImportResult, BulkImportProgress>(
        '/api/bulk-import',
        { method: 'POST', json: request },
        onProgress,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: postKeys.all }),
  });
}
