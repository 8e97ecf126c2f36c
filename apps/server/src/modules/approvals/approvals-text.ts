import type { DiffPart } from '@relaycast/shared/approvals';
import type { PlatformId } from '@relaycast/shared/platforms';
import { checkPost } from '@relaycast/shared/posts';
import { diffWords } from 'diff';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/app-error';
import { loadAttachedMedia } from '../media/attached-media';
import { shortLinkBaseForPost } from '../short-links/short-links-posts';

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

/**
 * An approver's edit of the text is held to the composer's rules (each platform's length and media limits, not
 * empty) before it is approved: the same checkPost the posts API runs, with the post's attached media, and each
 * address counted as the short link that replaces it when the workspace's mode and the post's stored choice
 * shorten its links (`shortLinkBaseForPost`, as the posts API counts).
 */
export async function assertPublishable(
  db: Db,
  workspaceId: string,
  post: { id: string; content: string; platforms: string[]; overrides: Record<string, string> },
  baseUrl?: string,
): Promise<void> {
  const media = await loadAttachedMedia(db, workspaceId, post.id);
  const shortLinkBase = await shortLinkBaseForPost(db, workspaceId, { id: post.id }, baseUrl);
  const problems = checkPost(
    {
      content: post.content,
      platforms: post.platforms as PlatformId[],
      overrides: post.overrides,
      action: 'now',
    },
    media,
    new Date(),
    { shortLinkBase },
  );
  if (problems.length > 0) throw new ValidationError(problems);
}
