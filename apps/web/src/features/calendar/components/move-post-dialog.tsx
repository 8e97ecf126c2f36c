import { instantToZoned, moveToDate } from '@relaycast/shared/calendar';
import type { Post } from '@relaycast/shared/posts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatTimeOfDay } from '@/lib/time-zone';
import { firstWords } from '../calendar-entries';

interface MovePostDialogProps {
  post: Post | null;
  timeZone: string;
  minDate: string;
  onClose(): void;
  onMove(post: Post, scheduledAt: string): void;
}

/** The keyboard way to do what dragging does: pick another day, keep the time of day. */
export function MovePostDialog({ post, timeZone, minDate, onClose, onMove }: MovePostDialogProps) {
  const { t } = useTranslation('calendar');
  return (
    <Dialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('Move to another day')}
      description={post ? t('“{{text}}” keeps its time of day.', { text: firstWords(post) }) : undefined}
      className="max-w-sm"
    >
      {post?.scheduledAt ? (
        <MoveForm
          post={post}
          scheduledAt={post.scheduledAt}
          timeZone={timeZone}
          minDate={minDate}
          onClose={onClose}
          onMove={onMove}
        />
      ) : null}
    </Dialog>
  );
}

function MoveForm({
  post,
  scheduledAt,
  timeZone,
  minDate,
  onClose,
  onMove,
}: Omit<MovePostDialogProps, 'post'> & { post: Post; scheduledAt: string }) {
  const { t } = useTranslation('calendar');
  const id = useId();
  const current = instantToZoned(scheduledAt, timeZone);
  const [date, setDate] = useState(current.date);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!date) return;
    if (date !== current.date) onMove(post, moveToDate(scheduledAt, date, timeZone).toISOString());
    onClose();
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-date`}>{t('Move to')}</Label>
        <Input
          id={`${id}-date`}
          type="date"
          required
          min={minDate}
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <p className="text-xs text-muted-foreground">
          {t('At {{time}}, your time.', { time: formatTimeOfDay(current.time) })}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {t('Cancel')}
        </Button>
        <Button type="submit">{t('Move post')}</Button>
      </div>
    </form>
  );
}
