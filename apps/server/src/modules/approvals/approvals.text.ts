import type { DiffPart } from '@relaycast/shared/approvals';
import { diffWords } from 'diff';

/**
 * The text an approval is about: the post's shared text, then each platform's own text under its name, so a
 * change to the X version shows in the diff as well.
 */
export function snapshotText(content: string, overrides: Record<string, string>): string {
  const extras = Object.entries(overrides)
    .filter(([, text]) => text.trim() !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([platform, text]) => `\n\n[${platform}]\n${text}`);
  return content + extras.join('');
}

/** The word diff from `before` to `after` (jsdiff's diffWords), in the shape stored and shown. */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((part) => ({
    value: part.value,
    added: Boolean(part.added),
    removed: Boolean(part.removed),
  }));
}
