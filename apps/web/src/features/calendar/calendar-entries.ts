import { instantToZoned } from '@relaycast/shared/calendar';
import type { Post } from '@relaycast/shared/posts';
import { i18n } from '@/i18n';

/** A post as the calendar shows it: on a local day, at a local time. */
export interface CalendarEntry {
  post: Post;
  /** YYYY-MM-DD in the user's time zone. */
  date: string;
  /** HH:mm in the user's time zone. */
  time: string;
}

/** Posts with a time, grouped by their local day and ordered by time within it. */
export function groupPostsByDay(posts: readonly Post[], timeZone: string): Map<string, CalendarEntry[]> {
  const byDay = new Map<string, CalendarEntry[]>();
  for (const post of posts) {
    if (!post.scheduledAt) continue;
    const { date, time } = instantToZoned(post.scheduledAt, timeZone);
    const entries = byDay.get(date);
    const entry = { post, date, time };
    if (entries) entries.push(entry);
    else byDay.set(date, [entry]);
  }
  for (const entries of byDay.values()) {
    entries.sort(
      (a, b) =>
        Date.parse(a.post.scheduledAt ?? '') - Date.parse(b.post.scheduledAt ?? '') ||
        a.post.id.localeCompare(b.post.id),
    );
  }
  return byDay;
}

/** The first words of a post, for a calendar cell: its text, else its first platform version, else its media. */
export function firstWords(post: Pick<Post, 'content' | 'overrides' | 'media'>, maxLength = 60): string {
  const text = (post.content.trim() || Object.values(post.overrides).find((value) => value.trim()) || '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) {
    const count = post.media.length;
    const t = i18n.getFixedT(null, 'calendar');
    return count === 0 ? t('Empty post') : t('{{count}} media files', { count });
  }
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
