import type { CustomSceneInput, Scene, SceneList } from '@relaycast/shared/streaming';
import { FIXED_SCENES } from '@relaycast/shared/streaming';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/streaming/scenes…`: the one client module for the studio's scenes (fixed and custom). */
export const SCENES_KEY = ['streaming', 'scenes'] as const;

/** `GET /api/streaming/scenes`: the three fixed scenes, then the user's own. */
export function useScenes() {
  return useQuery({
    queryKey: SCENES_KEY,
    queryFn: () => apiFetch<SceneList>('/api/streaming/scenes'),
    // The fixed scenes are known up front, so the panel never waits for the network to show them.
    placeholderData: { scenes: [...FIXED_SCENES] },
  });
}

/** `POST /api/streaming/scenes`: a custom scene, stored for the user. */
export function useCreateScene() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomSceneInput) =>
      apiFetch<Scene>('/api/streaming/scenes', { method: 'POST', json: input }),
    onSettled: () => client.invalidateQueries({ queryKey: SCENES_KEY }),
  });
}

/** `DELETE /api/streaming/scenes/:id` (custom scenes only). */
export function useDeleteScene() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/streaming/scenes/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: SCENES_KEY }),
  });
}
