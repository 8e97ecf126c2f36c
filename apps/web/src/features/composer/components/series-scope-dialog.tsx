import { POST_SERIES_MESSAGES, type PostSeries } from '@relaycast/shared/post-series';
import { Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDeleteSeriesFrom } from '@/api/post-series';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { translateMessage } from '@/i18n';
import { repeatSummary } from '@/lib/repeat-summary';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import type { SeriesScope } from '../hooks/use-series-save';

/** The question before a series post is saved again: this post only, or this and the following ones. */
export function SeriesScopeDialog({
  open,
  onAnswer,
}: {
  open: boolean;
  onAnswer(scope: SeriesScope | null): void;
}) {
  const { t } = useTranslation('composer');
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => (isOpen ? undefined : onAnswer(null))}
      title={t('Edit a recurring post')}
      description={t('Published posts of the series never change.')}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={() => onAnswer(null)}>
          {t('Cancel')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => onAnswer('one')}>
          {t('This post only')}
        </Button>
        <Button type="button" onClick={() => onAnswer('following')}>
          {t('This and following posts')}
        </Button>
      </div>
    </Dialog>
  );
}

/** Above a series post in the composer: its rule in words, and "Delete this and following". */
export function SeriesNote({
  series,
  postId,
  onDeleted,
}: {
  series: PostSeries;
  postId: string;
  onDeleted(): void;
}) {
  const { t } = useTranslation('composer');
  const remove = useDeleteSeriesFrom();
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/50 p-3 text-sm">
      <Repeat aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1">
        {t('Part of a recurring post: {{summary}}', {
          summary: repeatSummary(series.rule, series.startDate),
        })}
        {series.missedCount > 0
          ? ` ${t('{{n}} missed while the server was down.', { n: series.missedCount })}`
          : ''}
      </span>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(
            { seriesId: series.id, postId },
            {
              onSuccess: () => {
                toast.success(translateMessage(POST_SERIES_MESSAGES.seriesDeleted));
                onDeleted();
              },
              onError: (error) => showError(error),
            },
          )
        }
      >
        {t('Delete this and following')}
      </Button>
    </p>
  );
}
