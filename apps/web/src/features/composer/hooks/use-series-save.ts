import type { RepeatRule, RepeatRuleInput } from '@relaycast/shared/post-series';
import type { Post, PostAction, PostInput } from '@relaycast/shared/posts';
import { useRef, useState } from 'react';
import {
  seriesOfPost,
  useCreateSeries,
  useDetachPost,
  usePostSeries,
  useUpdateSeriesFrom,
} from '@/api/post-series';

/** "This post only" or "This and following posts" (docs/recurring-posts.md). */
export type SeriesScope = 'one' | 'following';

/** The series' rule from an occurrence on: a count still counts the whole series, so the ones before are taken off. */
export function ruleFrom(rule: RepeatRule, index: number): RepeatRuleInput {
  if (rule.ends.kind !== 'after') return rule;
  return { ...rule, ends: { kind: 'after', count: Math.max(1, rule.ends.count - index) } };
}

/**
 * The composer's saves of recurring posts: a new post with a Repeat rule is created as a series; a series post
 * scheduled again asks first whether the change is for this post only (it leaves the series) or for this and the
 * following ones (a new series from here). Other actions (draft, queue, publish now) take the post out of its
 * series first.
 */
export function useSeriesSave(
  saved: Post | undefined,
  save: (id: string | undefined, input: PostInput) => Promise<Post>,
) {
  const [repeat, setRepeat] = useState<RepeatRuleInput | null>(null);
  const [asking, setAsking] = useState<PostAction | null>(null);
  const scope = useRef<SeriesScope | null>(null);
  // Only a saved post can belong to a series: a new one asks nothing.
  const list = usePostSeries({ enabled: saved !== undefined });
  const inSeries = seriesOfPost(list.data, saved?.id);
  const create = useCreateSeries();
  const updateFrom = useUpdateSeriesFrom();
  const detach = useDetachPost();

  async function saveInput(input: PostInput, action: PostAction): Promise<Post> {
    if (!saved && repeat && action === 'schedule') {
      const made = await create.mutateAsync({ post: input, rule: repeat });
      const [first] = made.posts;
      if (!first) throw new Error('the series made no post');
      return first;
    }
    if (saved && inSeries) {
      const ids = { seriesId: inSeries.series.id, postId: saved.id };
      if (action === 'schedule' && scope.current === 'following') {
        const rule = ruleFrom(inSeries.series.rule as RepeatRule, inSeries.index);
        const made = await updateFrom.mutateAsync({ ...ids, post: input, rule });
        const [first] = made.posts;
        if (!first) throw new Error('the series made no post');
        return first;
      }
      await detach.mutateAsync(ids);
    }
    return save(saved?.id, input);
  }

  return {
    repeat: saved ? null : repeat,
    setRepeat,
    inSeries,
    saveInput,
    isSaving: create.isPending || updateFrom.isPending || detach.isPending,
    /** Whether `action` must wait for the scope question; if so, the question opens. */
    needsScope(action: PostAction): boolean {
      if (!inSeries || action !== 'schedule') return false;
      setAsking(action);
      return true;
    },
    asking,
    /** The answer: remembered for the save that follows (`then`), or null to cancel. */
    answer(choice: SeriesScope | null, then: (action: PostAction) => void) {
      const action = asking;
      setAsking(null);
      scope.current = choice;
      if (choice && action) then(action);
    },
  };
}
