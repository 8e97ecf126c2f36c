import type { Post } from '@relaycast/shared/posts';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { formatDate } from '@/lib/time-zone';
import type { CalendarEntry } from '../calendar-entries';
import { CalendarPostItem } from './calendar-post-item';

interface DayPostsDialogProps {
  date: string | null;
  entries: readonly CalendarEntry[];
  onClose(): void;
  onMoveRequest(post: Post): void;
}

/** Every post of a busy day (a cell shows only the first few). */
export function DayPostsDialog({ date, entries, onClose, onMoveRequest }: DayPostsDialogProps) {
  const { t } = useTranslation('calendar');
  return (
    <Dialog
      open={date !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={date ? formatDate(date, { weekday: 'long', month: 'long', day: 'numeric' }) : ''}
      description={t('{{count}} posts', { count: entries.length })}
    >
      <ul className="grid max-h-[60vh] grid-cols-1 gap-1.5 overflow-y-auto p-0.5">
        {entries.map((entry) => (
          <li key={entry.post.id}>
            <CalendarPostItem entry={entry} onMoveRequest={onMoveRequest} isCompact={false} />
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
