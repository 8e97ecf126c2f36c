import type {
  HashtagGroup,
  HashtagGroupInput,
  HashtagGroupList,
  Signature,
  SignatureInput,
  SignatureList,
  Template,
  TemplateInput,
  TemplateList,
  TemplateSummary,
} from '@relaycast/shared/composer-library';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * The composer library: signatures, hashtag groups and templates, `/api/composer-library/…`
 * (docs/composer-library.md).
 */

const BASE = '/api/composer-library';

export const composerLibraryKeys = {
  all: ['composer-library'] as const,
  signatures: () => [...composerLibraryKeys.all, 'signatures'] as const,
  hashtagGroups: () => [...composerLibraryKeys.all, 'hashtag-groups'] as const,
  templates: () => [...composerLibraryKeys.all, 'templates'] as const,
};

function invalidate(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: composerLibraryKeys.all });
}

export function useSignatures() {
  return useQuery({
    queryKey: composerLibraryKeys.signatures(),
    queryFn: () => apiFetch<SignatureList>(`${BASE}/signatures`),
  });
}

export function useHashtagGroups() {
  return useQuery({
    queryKey: composerLibraryKeys.hashtagGroups(),
    queryFn: () => apiFetch<HashtagGroupList>(`${BASE}/hashtag-groups`),
  });
}

export function useTemplates() {
  return useQuery({
    queryKey: composerLibraryKeys.templates(),
    queryFn: () => apiFetch<TemplateList>(`${BASE}/templates`),
  });
}

/** `GET …/templates/:id`: the template ready to start a post (files deleted since are left out). */
export function fetchTemplate(id: string): Promise<Template> {
  return apiFetch<Template>(`${BASE}/templates/${encodeURIComponent(id)}`);
}

type Kind = 'signatures' | 'hashtag-groups' | 'templates';
interface Inputs {
  signatures: [SignatureInput, Signature];
  'hashtag-groups': [HashtagGroupInput, HashtagGroup];
  templates: [TemplateInput, TemplateSummary];
}

/** Create (no id) or update (an id) one item of the library. */
export function useSaveLibraryItem<K extends Kind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: Inputs[K][0] }) =>
      apiFetch<Inputs[K][1]>(id ? `${BASE}/${kind}/${encodeURIComponent(id)}` : `${BASE}/${kind}`, {
        method: id ? 'PUT' : 'POST',
        json: input,
      }),
    onSettled: () => invalidate(queryClient),
  });
}

export function useDeleteLibraryItem(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`${BASE}/${kind}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => invalidate(queryClient),
  });
}
