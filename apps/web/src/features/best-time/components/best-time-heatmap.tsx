import type { BestTimeConfidence } from '@relaycast/shared/analytics';
import { PLATFORMS } from '@relaycast/shared/platforms';
import { type CSSProperties, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '@/api/settings';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/i18n';
import { cn } from '@/lib/cn';
import { formatInstant } from '@/lib/time-zone';
import { CONFIDENCE_LABELS, DAY_NAMES, formatScore, type HeatmapCell, hourLabel } from '../heatmap-grid';
import { ALL_ACCOUNTS, useBestTimeHeatmap } from '../hooks/use-best-time-heatmap';

const LEVEL_CLASSES = ['bg-primary/10', 'bg-primary/25', 'bg-primary/45', 'bg-primary/65', 'bg-primary/90'];
/** Hours without any post are hatched: their colour is the published studies' guess, not the account's data. */
const HATCH: CSSProperties = {
  backgroundImage:
    'repeating-linear-gradient(135deg, transparent 0 3px, color-mix(in oklab, currentColor 35%, transparent) 3px 4px)',
};
const HOUR_TICKS = [0, 3, 6, 9, 12, 15, 18, 21];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function ConfidenceMark({ confidence }: { confidence: BestTimeConfidence }) {
  if (confidence === 'good') return null;
  if (confidence === 'none')
    return <span aria-hidden="true" className="absolute inset-0 text-foreground" style={HATCH} />;
  return (
    <span aria-hidden="true" className="absolute top-0.5 right-0.5 size-1.5 rounded-full bg-foreground/60" />
  );
}

function Cell({ cell }: { cell: HeatmapCell }) {
  return (
    <div
      role="img"
      aria-label={cell.label}
      title={cell.label}
      data-confidence={cell.confidence}
      className={cn('relative h-6 min-w-0 rounded-[3px]', LEVEL_CLASSES[cell.level])}
    >
      <ConfidenceMark confidence={cell.confidence} />
    </div>
  );
}

/**
 * The best time to post (docs/best-time.md): the 168 hours of the week of one account, or of all of them, coloured by
 * the model's score, with how sure it is (hatched: no posts yet; dot: 1–4 posts; plain: 5 or more) and the
 * number of posts in each cell's label; a table gives the same figures to screen readers and keyboards.
 */
// function-budget: BestTimeHeatmap lays out one screen part in one JSX tree; split into named parts when it next changes
export function BestTimeHeatmap({ className }: { className?: string }) {
  const timeZone = useTimeZone();
  const id = useId();
  const { accounts, accountId, setAccountId, query, rows } = useBestTimeHeatmap(timeZone);
  const { t } = useTranslation('best-time');
  const names = new Map(
    accounts.map((account) => [account.id, `${account.handle} (${PLATFORMS[account.platform].name})`]),
  );
  const data = query.data;

  return (
    <section
      aria-labelledby={id}
      className={cn('grid gap-4 rounded-xl border bg-card p-5 shadow-sm', className)}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="font-semibold">
            {t('Best time to post')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {t(
              "Engagement in the first 48 hours by hour of the week, relative to the account's median post (1.00). Times are in {{timeZone}}.",
              { timeZone: timeZone.replaceAll('_', ' ') },
            )}
          </p>
        </div>
        <SelectField
          label={t('Account')}
          size="sm"
          className="w-56"
          value={accountId}
          options={[ALL_ACCOUNTS, ...accounts.map((account) => account.id)]}
          format={(option) => (option === ALL_ACCOUNTS ? t('All accounts') : (names.get(option) ?? option))}
          onChange={setAccountId}
        />
      </div>

      {query.isPending ? <Spinner label={t('Loading the best times')} /> : null}
      {query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {query.error.message}
        </p>
      ) : null}

      {data && rows ? (
        <>
          <div className="overflow-x-auto">
            <figure aria-label={t('Score by day and hour')} className="m-0 grid min-w-[40rem] gap-1">
              <div aria-hidden="true" className="grid grid-cols-[5.5rem_repeat(24,minmax(0,1fr))] gap-0.5">
                <span />
                {HOURS.map((hour) => (
                  <span key={hour} className="text-[10px] text-muted-foreground">
                    {HOUR_TICKS.includes(hour) ? hourLabel(hour) : ''}
                  </span>
                ))}
              </div>
              {rows.map((row, day) => (
                <div
                  key={DAY_NAMES[day]}
                  className="grid grid-cols-[5.5rem_repeat(24,minmax(0,1fr))] gap-0.5"
                >
                  <span aria-hidden="true" className="self-center text-xs font-medium text-muted-foreground">
                    {t(DAY_NAMES[day] ?? '')}
                  </span>
                  {row.map((cell) => (
                    <Cell key={cell.hourOfWeek} cell={cell} />
                  ))}
                </div>
              ))}
            </figure>
          </div>

          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-xs text-muted-foreground">
            <span className="flex items-center gap-1.5">
              {t('Lower')}
              {LEVEL_CLASSES.map((levelClass) => (
                <span
                  key={levelClass}
                  aria-hidden="true"
                  className={cn('size-3.5 rounded-[3px]', levelClass)}
                />
              ))}
              {t('Higher score')}
            </span>
            {(['good', 'thin', 'none'] as const).map((confidence) => (
              <span key={confidence} className="flex items-center gap-1.5">
                <span aria-hidden="true" className="relative size-3.5 rounded-[3px] bg-primary/45">
                  <ConfidenceMark confidence={confidence} />
                </span>
                {t(CONFIDENCE_LABELS[confidence])}
              </span>
            ))}
          </div>

          <p className="text-sm text-muted-foreground">
            {t('{{count}} posts with figures.', { count: data.totalPosts })} {data.note}
          </p>
          {data.suggestions.length > 0 ? (
            <div className="text-sm">
              <h3 className="font-medium">{t('Next suggested slots')}</h3>
              <ul className="mt-1 flex flex-wrap gap-2">
                {data.suggestions.slice(0, 5).map((slot) => (
                  <li key={slot.at} className="rounded-md border px-2 py-1 text-xs">
                    {formatInstant(slot.at, timeZone)}
                    {slot.isExploration ? ` ${t('(trying a new hour)')}` : ''}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <details className="text-sm">
            <summary className="cursor-pointer font-medium">{t('Show the figures as a table')}</summary>
            <div className="mt-2 overflow-x-auto">
              <table className="w-full border-collapse text-xs">
                <caption className="sr-only">
                  {t('Score and number of posts for each day and hour; confidence in brackets')}
                </caption>
                <thead>
                  <tr>
                    <th scope="col" className="p-1 text-left">
                      {t('Day')}
                    </th>
                    {HOURS.map((hour) => (
                      <th key={hour} scope="col" className="p-1 font-medium">
                        {hourLabel(hour)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, day) => (
                    <tr key={DAY_NAMES[day]} className="border-t">
                      <th scope="row" className="p-1 text-left font-medium">
                        {t(DAY_NAMES[day] ?? '')}
                      </th>
                      {row.map((cell) => (
                        <td key={cell.hourOfWeek} className="p-1 text-center tabular-nums">
                          {formatScore(cell.score)} · {formatNumber(cell.posts)} ({t(cell.confidence)})
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      ) : null}
    </section>
  );
}
