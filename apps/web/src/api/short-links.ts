import type { TextLengthOptions } from '@relaycast/shared/platforms';
import type {
  ShortLink,
  ShortLinkClickReport,
  ShortLinkInput,
  ShortLinkList,
  ShortLinkPostOptions,
  ShortLinkSettings,
  ShortLinkSettingsView,
  ShortLinkUpdate,
} from '@relaycast/shared/short-links';
import { shouldShorten } from '@relaycast/shared/short-links';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/short-links`: the workspace's short links, their settings and their clicks (docs/short-links.md). */
export const shortLinkKeys = {
  all: ['short-links'] as const,
  list: ['short-links', 'list'] as const,
  settings: ['short-links', 'settings'] as const,
  clicks: (from: string, to: string, scope: ShortLinkClickScope) =>
    ['short-links', 'clicks', from, to, scope.platforms ?? '', scope.accounts ?? ''] as const,
  post: (postId: string) => ['short-links', 'posts', postId] as const,
};

export function useShortLinks() {
  return useQuery({
    queryKey: shortLinkKeys.list,
    queryFn: () => apiFetch<ShortLinkList>('/api/short-links'),
  });
}

export function useCreateShortLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShortLinkInput) =>
      apiFetch<ShortLink>('/api/short-links', { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: shortLinkKeys.all }),
  });
}

/** Edit a link's target, or turn it off and on. */
export function useUpdateShortLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ShortLinkUpdate & { id: string }) =>
      apiFetch<ShortLink>(`/api/short-links/${encodeURIComponent(id)}`, { method: 'PATCH', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: shortLinkKeys.all }),
  });
}

export function useShortLinkSettings() {
  return useQuery({
    queryKey: shortLinkKeys.settings,
    queryFn: () => apiFetch<ShortLinkSettingsView>('/api/short-links/settings'),
  });
}

export function useSaveShortLinkSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShortLinkSettings) =>
      apiFetch<ShortLinkSettingsView>('/api/short-links/settings', { method: 'PUT', json: input }),
    onSuccess: (saved) => client.setQueryData(shortLinkKeys.settings, saved),
  });
}

/** /analytics' network and account filters (comma-separated ids), applied to the links' clicks. */
export interface ShortLinkClickScope {
  platforms?: string;
  accounts?: string;
}

/** Clicks per link, referring site, device and country over [from, to) (ISO instants): /analytics. */
export function useShortLinkClicks(from: string, to: string, scope: ShortLinkClickScope = {}) {
  return useQuery({
    queryKey: shortLinkKeys.clicks(from, to, scope),
    queryFn: () => {
      const query = new URLSearchParams({ from, to });
      if (scope.platforms) query.set('platforms', scope.platforms);
      if (scope.accounts) query.set('accounts', scope.accounts);
      return apiFetch<ShortLinkClickReport>(`/api/short-links/clicks?${query.toString()}`);
    },
  });
}

/** A post's own short-link switch and campaign (the composer sends changes with the post itself). */
export function useShortLinkPostOptions(postId: string | undefined) {
  return useQuery({
    queryKey: shortLinkKeys.post(postId ?? ''),
    queryFn: () =>
      apiFetch<ShortLinkPostOptions>(`/api/short-links/posts/${encodeURIComponent(postId ?? '')}`),
    enabled: postId !== undefined,
  });
}

/**
 * How a post's text is counted before it is sent (`checkPost`'s options, as the server counts it): each address
 * as its short link when the workspace's mode and the post's choice (the one given, else the stored one) shorten
 * its links. The calendar's Create Post and the drafts' Schedule dialogs use it; the composer's switch too.
 */
export function useShortLinkCounting(postId: string | undefined) {
  const settings = useShortLinkSettings().data;
  const stored = useShortLinkPostOptions(postId).data;
  return (choice?: ShortLinkPostOptions): TextLengthOptions => ({
    shortLinkBase:
      settings && shouldShorten(settings.mode, (choice ?? stored)?.shorten ?? null) ? settings.baseUrl : null,
  });
}
