import type { BulkImportPreview, BulkImportRequest, BulkImportResult } from '@relaycast/shared/bulk-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { postKeys } from './posts';

/** `/api/bulk-import` (docs/bulk-import.md): check a CSV's rows, then import the good ones. */
export function usePreviewBulkImport() {
  return useMutation({
    mutationFn: (request: BulkImportRequest) =>
      apiFetch<BulkImportPreview>('/api/bulk-import/preview', { method: 'POST', json: request }),
  });
}

export function useRunBulkImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: BulkImportRequest) =>
      apiFetch<BulkImportResult>('/api/bulk-import', { method: 'POST', json: request }),
    onSuccess: () => client.invalidateQueries({ queryKey: postKeys.all }),
  });
}
