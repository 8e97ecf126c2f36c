import { isPlatformId, type PlatformId } from '@relaycast/shared/platforms';

/**
 * What a page hands the composer when it opens it, as navigation state of /post-composer or /create-post
 * (docs/decisions/0071-one-composer-with-the-assistant.md). Features never import each other: the home page,
 * the calendar and the composer page all read this one shape.
 */
export interface ComposerStart {
  /** The home page's prompt: it fills the assistant's prompt, never the post text. */
  aiPrompt?: string;
  /** What a short form held (the calendar's Create Post): a new post starts from it. */
  draft?: ComposerDraft;
}

export interface ComposerDraft {
  content: string;
  platforms: PlatformId[];
  date: string;
  time: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function readDraft(value: unknown): ComposerDraft | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const draft = value as Record<string, unknown>;
  const platforms = Array.isArray(draft.platforms)
    ? draft.platforms.filter((platform): platform is PlatformId => isPlatformId(platform))
    : [];
  return { content: text(draft.content), platforms, date: text(draft.date), time: text(draft.time) };
}

/** The navigation state as a ComposerStart; anything else in it (or a blank prompt) is left out. */
export function readComposerStart(state: unknown): ComposerStart {
  if (typeof state !== 'object' || state === null) return {};
  const { aiPrompt, draft } = state as Record<string, unknown>;
  const start: ComposerStart = {};
  if (typeof aiPrompt === 'string' && aiPrompt.trim()) start.aiPrompt = aiPrompt;
  const read = readDraft(draft);
  if (read) start.draft = read;
  return start;
}
