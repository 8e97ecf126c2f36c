import type { AiGenerateInput, AiStreamEvent, AiVariant } from '@relaycast/shared/ai';
import type { PlatformId } from '@relaycast/shared/platforms';
import { useCallback, useEffect, useRef, useState } from 'react';
import { streamGeneration, useRefreshAi } from '@/api/ai';
import { i18n } from '@/i18n';

/** A variant while it is written (text grows token by token) and once checked against its platform. */
export interface VariantDraft {
  platform: PlatformId;
  text: string;
  status: 'writing' | 'shortening' | 'ready';
  result?: AiVariant;
}

export interface GenerationState {
  variants: VariantDraft[];
  isRunning: boolean;
  error: string | null;
  wasStopped: boolean;
}

const IDLE: GenerationState = { variants: [], isRunning: false, error: null, wasStopped: false };

function applyEvent(state: GenerationState, event: AiStreamEvent): GenerationState {
  const patch = (platform: PlatformId, change: (draft: VariantDraft) => VariantDraft) => ({
    ...state,
    variants: state.variants.map((draft) => (draft.platform === platform ? change(draft) : draft)),
  });
  switch (event.type) {
    case 'variant-start':
      return {
        ...state,
        variants: [
          ...state.variants.filter((draft) => draft.platform !== event.platform),
          { platform: event.platform, text: '', status: 'writing' },
        ],
      };
    case 'delta':
      return patch(event.platform, (draft) => ({ ...draft, text: draft.text + event.text }));
    case 'shortening':
      return patch(event.platform, (draft) => ({ ...draft, status: 'shortening' }));
    case 'variant':
      return patch(event.variant.platform, () => ({
        platform: event.variant.platform,
        text: event.variant.text,
        status: 'ready',
        result: event.variant,
      }));
    case 'error':
      return { ...state, error: event.message };
    case 'done':
      return state;
  }
}

/**
 * The state once a run has ended (finished, failed or cut off): a variant that was still being written is kept
 * as it stands when it has text, and dropped when it has none, so no empty card with a blinking cursor stays
 * under an error such as an unreachable provider.
 */
export function settleVariants(variants: readonly VariantDraft[]): VariantDraft[] {
  return variants
    .filter((draft) => draft.status === 'ready' || draft.text.trim() !== '')
    .map((draft) => (draft.status === 'ready' ? draft : { ...draft, status: 'ready' }));
}

/**
 * Runs `POST /api/ai/generate` and keeps the variants as they stream in. `generate` with one platform
 * regenerates that variant only and keeps the others.
 */
export function useAiGeneration() {
  const [state, setState] = useState<GenerationState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const refresh = useRefreshAi();

  useEffect(() => () => controller.current?.abort(), []);

  const generate = useCallback(
    async (input: AiGenerateInput, options: { keepOthers?: boolean } = {}) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState((previous) => ({
        variants: options.keepOthers ? previous.variants : [],
        isRunning: true,
        error: null,
        wasStopped: false,
      }));
      try {
        await streamGeneration(
          input,
          (event) => setState((previous) => applyEvent(previous, event)),
          current.signal,
        );
      } catch (error) {
        if (!current.signal.aborted) {
          setState((previous) => ({
            ...previous,
            error:
              error instanceof Error
                ? error.message
                : i18n.getFixedT(null, 'ai-assistant')('Could not generate the post.'),
          }));
        }
      } finally {
        if (controller.current === current) {
          controller.current = null;
          setState((previous) => ({
            ...previous,
            isRunning: false,
            variants: settleVariants(previous.variants),
          }));
        }
        refresh();
      }
    },
    [refresh],
  );

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState((previous) => ({
      ...previous,
      isRunning: false,
      wasStopped: true,
      variants: previous.variants.map((draft) =>
        draft.status === 'ready' ? draft : { ...draft, status: 'ready' },
      ),
    }));
  }, []);

  const edit = useCallback((platform: PlatformId, text: string) => {
    setState((previous) => ({
      ...previous,
      variants: previous.variants.map((draft) => (draft.platform === platform ? { ...draft, text } : draft)),
    }));
  }, []);

  return { state, generate, stop, edit };
}
