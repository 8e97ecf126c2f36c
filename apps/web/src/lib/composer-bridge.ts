import type { PlatformId } from '@relaycast/shared/platforms';

/**
 * What the assistant beside the composer may read and change: the contract between the post composer and
 * what a page sets beside it (the AI assistant on /create-post). It lives here, not in either feature,
 * because features never import each other; the route composes the two.
 */
export interface ComposerBridge {
  platforms: readonly PlatformId[];
  content: string;
  isLocked: boolean;
  /** The selected part of the post text ('' when nothing is selected). */
  selection: { start: number; end: number; text: string };
  /**
   * Puts AI text in the composer for a platform: the shared text when it is the only platform of the
   * generation, otherwise that platform's own text (and the shared text too while it is empty).
   */
  applyText(platform: PlatformId, text: string, isOnlyPlatform: boolean): void;
  /** Replaces the selected part of the post text. */
  replaceSelection(text: string): void;
  /** Appends to the post text (hashtags). */
  appendText(text: string): void;
}
