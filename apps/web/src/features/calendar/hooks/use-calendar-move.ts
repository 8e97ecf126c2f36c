import type { ListPostsQuery } from '@relaycast/shared/posts';
import { POST_MESSAGES, type Post } from '@relaycast/shared/posts';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMovePost } from '@/api/posts';
import { translateMessage } from '@/i18n';
import { formatInstant } from '@/lib/time-zone';
import { toast } from '@/lib/toast';
import { firstWords } from '../calendar-entries';

/** How long the toast of a move, and its Undo, stay on screen. */
export const UNDO_MOVE_MS = 8000;

/**
 * Moving a post on the calendar (drag and drop, or the Move dialog): at once on screen, then a toast says what
 * moved and to when, with Undo, which moves it back through the same request (`PATCH /api/posts/:id/schedule`)
 * to the instant and time zone it had. A refused move or undo shows the server's reason (useMovePost's showError)
 * and the post goes back where it was. The callback keeps its identity so the day cells stay memoized.
 */
export function useCalendarMove(listQuery: ListPostsQuery, timeZone: string) {
  const { t } = useTranslation('calendar');
  const move = useMovePost(listQuery);
  const latest = useRef({ move, timeZone, t });
  latest.current = { move, timeZone, t };

  return useCallback((post: Post, scheduledAt: string) => {
    const { move: mutation, timeZone: zone, t: translate } = latest.current;
    if (Date.parse(scheduledAt) <= Date.now()) {
      toast.error(translateMessage(POST_MESSAGES.scheduleInPast));
      return;
    }
    const before = { scheduledAt: post.scheduledAt, timeZone: post.timezone };
    const words = firstWords(post);
    mutation
      .mutateAsync({ post, scheduledAt, timeZone: zone })
      .then((moved) => {
        toast.success(
          translate('Moved “{{words}}” to {{when}}.', { words, when: formatInstant(scheduledAt, zone) }),
          {
            duration: UNDO_MOVE_MS,
            action: before.scheduledAt
              ? {
                  label: translate('Undo'),
                  onClick: () => undoMove(moved, before.scheduledAt as string, before.timeZone, words),
                }
              : undefined,
          },
        );
      })
      // The hook has shown the reason and put the post back.
      .catch(() => undefined);

    function undoMove(moved: Post, back: string, backZone: string, text: string) {
      const { move: again, timeZone: shownZone, t: tr } = latest.current;
      again
        .mutateAsync({ post: moved, scheduledAt: back, timeZone: backZone })
        .then(() =>
          toast.success(
            tr('Moved “{{words}}” back to {{when}}.', { words: text, when: formatInstant(back, shownZone) }),
          ),
        )
        .catch(() => undefined);
    }
  }, []);
}
