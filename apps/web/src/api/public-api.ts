import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/v1/openapi.json`: the public API's OpenAPI 3.1 document, for the API reference page. */
export const openApiDocumentKey = ['public-api', 'openapi'] as const;

export function useOpenApiDocument() {
  return useQuery({
    queryKey: openApiDocumentKey,
    queryFn: () => apiFetch<{ paths?: Record<string, Record<string, never>> }>('/api/v1/openapi.json'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
