import type { MediaFacts, TextLengthOptions } from '@relaycast/shared/platforms';
import { checkPost, type PostInput, type PostProblem, postInputSchema } from '@relaycast/shared/posts';
import type { ThreadPartMedia } from '@relaycast/shared/threads';
import { translateMessage } from '@/i18n';
import { ApiError } from '@/lib/api-client';

/**
 * The problems the server would report for this request, found before sending it: the request schema's
 * messages (no platform, no time) and then the shared post rules (empty, in the past, each platform's limits).
 */
export function findPostProblems(
  input: PostInput,
  media: readonly MediaFacts[],
  now: Date = new Date(),
  textOptions: TextLengthOptions = {},
  /** The parts' files and alt texts (threads.ts), when the post is a thread. */
  threadMedia?: readonly ThreadPartMedia[],
): PostProblem[] {
  const parsed = postInputSchema.safeParse(input);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      path: String(issue.path[0] ?? 'content'),
      message: translateMessage(issue.message),
    }));
  }
  const { mediaIds, altTexts } = parsed.data;
  const altTextsInOrder = mediaIds.map((id) => altTexts?.[id] ?? '');
  return checkPost({ ...parsed.data, altTextsInOrder, threadMedia }, media, now, textOptions).map(
    (problem) => ({
      ...problem,
      message: translateMessage(problem.message),
    }),
  );
}

/** The server's validation issues of a refused save, or null when the failure was something else. */
export function problemsFromError(error: unknown): PostProblem[] | null {
  if (error instanceof ApiError && error.issues && error.issues.length > 0) {
    return error.issues.map((issue) => ({
      path: issue.path.split('.')[0] || 'content',
      message: translateMessage(issue.message),
    }));
  }
  return null;
}

/** Problems by where they are shown: a field (`content`, `platforms`, `scheduledAt`) or a platform id. */
export function groupProblems(problems: readonly PostProblem[]): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const { path, message } of problems) {
    const list = byPath.get(path) ?? [];
    if (!list.includes(message)) list.push(message);
    byPath.set(path, list);
  }
  return byPath;
}
