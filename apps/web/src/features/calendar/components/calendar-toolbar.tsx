import { CalendarPlus, ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PostImportLinks } from '@/components/post-import-links';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/time-zone';
import { CALENDAR_VIEWS, type CalendarView, type ViewRange } from '../calendar-views';
import type { CalendarViewState } from '../hooks/use-calendar-view';

/** The view switcher's names. */
function viewLabel(view: CalendarView, t: (key: string) => string): string {
  switch (view) {
    case 'three-weeks':
      return t('3 weeks');
    case 'week':
      return t('Week');
    case 'month':
      return t('Month');
    default:
      return t('List');
  }
}

/** "Nov 22 – Dec 12, 2026" for the week views, "November 2026" for a month and its list. */
export function rangeLabel(range: ViewRange): string {
  if (range.month) return formatDate(`${range.month}-01`, { month: 'long', year: 'numeric' });
  return `${formatDate(range.first, { month: 'short', day: 'numeric' })} – ${formatDate(range.last, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  })}`;
}

/** Which step Previous and Next take, for the buttons' accessible names. */
function stepNames(view: CalendarView, t: (key: string) => string): { previous: string; next: string } {
  switch (view) {
    case 'week':
      return { previous: t('Previous week'), next: t('Next week') };
    case 'three-weeks':
      return { previous: t('Previous three weeks'), next: t('Next three weeks') };
    default:
      return { previous: t('Previous month'), next: t('Next month') };
  }
}

/** The calendar's title and range, the view switcher, Previous / Today / Next and Create Post. */
export function CalendarToolbar({
  calendar,
  isFetching,
  onCreate,
  filter,
}: {
  calendar: CalendarViewState;
  isFetching: boolean;
  onCreate(): void;
  /** The filter by label, when the page has one. */
  filter?: ReactNode;
}) {
  const { t } = useTranslation('calendar');
  const steps = stepNames(calendar.view, t);
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Content Calendar')}</h1>
        <p className="mt-2 flex items-center gap-2 text-muted-foreground">
          <span aria-live="polite">{rangeLabel(calendar.range)}</span>
          {isFetching ? <Spinner label={t('Loading posts')} className="[&_svg]:size-4" /> : null}
        </p>
        {filter ? <div className="mt-3">{filter}</div> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="flex items-center rounded-md border bg-card p-0.5 shadow-xs">
          <legend className="sr-only">{t('View')}</legend>
          {CALENDAR_VIEWS.map((view) => (
            <Button
              key={view}
              variant="ghost"
              size="sm"
              aria-pressed={calendar.view === view}
              onClick={() => calendar.setView(view)}
              className={cn('h-7 px-2.5', calendar.view === view && 'bg-accent text-accent-foreground')}
            >
              {viewLabel(view, t)}
            </Button>
          ))}
        </fieldset>
        <div className="flex items-center rounded-md border bg-card shadow-xs">
          <Button
            variant="ghost"
            size="sm"
            className="rounded-r-none"
            aria-label={steps.previous}
            onClick={calendar.previous}
          >
            <ChevronLeft aria-hidden="true" />
            {t('Previous')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="rounded-none border-x"
            disabled={calendar.isCurrent}
            onClick={calendar.goToday}
          >
            {t('Today')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="rounded-l-none"
            aria-label={steps.next}
            onClick={calendar.next}
          >
            {t('Next')}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <PostImportLinks />
        <Button onClick={onCreate}>
          <CalendarPlus aria-hidden="true" />
          {t('Create Post')}
        </Button>
      </div>
    </header>
  );
}
