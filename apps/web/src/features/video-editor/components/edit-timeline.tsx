import { formatSeconds, VIDEO_EDITOR_MESSAGES } from '@relaycast/shared/video-editor';
import {
  deleteSegment,
  moveSegment,
  type Segment,
  splitAt,
  totalDuration,
  trimEditList,
} from '@relaycast/shared/video-editor-edit-list';
import type { TFunction } from 'i18next';
import { ArrowLeft, ArrowRight, Redo2, Scissors, Trash2, Undo2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timelinePictureUrl } from '@/api/video-editor';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/i18n';
import { cn } from '@/lib/cn';
import type { Edit } from '../hooks/use-edit-history';
import { TrimHandles } from './trim-handles';
import type { Trim } from './trim-panel';

/** The drag data of a section: its index in the play order. */
const SECTION_DRAG_TYPE = 'application/x-relaycast-section';

const percent = (seconds: number, duration: number) => `${(duration > 0 ? seconds / duration : 0) * 100}%`;

/**
 * The timeline of the edit (docs/decisions/0038): the kept sections of the source as a bar (the gaps are the
 * deleted parts, the dimmed ends what the trim leaves out) with the playhead and the trim's two handles (drag
 * them, or use the arrow keys); Split cuts the section under the playhead in two, Delete section removes the
 * selected one, a section dragged onto another (or Move earlier / Move later) changes the order the sections
 * play in (each shows its number in that order), Undo and Redo step through the edit.
 */
// function-budget: EditTimeline lays out one screen part in one JSX tree; split into named parts when it next changes
export function EditTimeline({
  mediaId,
  edit,
  duration,
  playhead,
  selected,
  canUndo,
  canRedo,
  onRecord,
  onSelect,
  onUndo,
  onRedo,
  onTrim,
}: {
  /** The source in the library; its frame strip and waveform run under the bar (none for a test harness). */
  mediaId?: string;
  edit: Edit;
  duration: number;
  /** The player's position, in seconds of the source. */
  playhead: number;
  selected: number | null;
  canUndo: boolean;
  canRedo: boolean;
  onRecord(next: Edit): void;
  onSelect(index: number | null, seekTo?: number): void;
  onUndo(): void;
  onRedo(): void;
  /** Moves the trim from its handles on the bar (the Trim panel's fields move it too). */
  onTrim?(next: Trim): void;
}) {
  const { t } = useTranslation('video-editor');
  const id = useId();
  const bar = useRef<HTMLUListElement>(null);
  const { segments, trim } = edit;
  const kept = trimEditList(segments, trim);
  const canSplit = splitAt(segments, playhead) !== segments;
  const selectedSegment = selected === null ? undefined : segments[selected];
  // A picture that cannot be made (a silent video has no waveform) is left out.
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  /** The section a dragged one is over (dropped there, it takes that place in the play order). */
  const [dragOver, setDragOver] = useState<number | null>(null);
  const pictures = mediaId
    ? (
        [
          ['thumbnails', 'Frames across the video'],
          ['waveform', 'Waveform of the sound'],
        ] as const
      ).filter(([kind]) => !missing.has(kind))
    : [];

  function split() {
    const next = splitAt(segments, playhead);
    if (next === segments) return;
    onRecord({ ...edit, segments: next });
    onSelect(null);
  }

  /** Moves section `from` to place `to` of the play order; the moved section stays selected. */
  function move(from: number, to: number) {
    const next = moveSegment(segments, from, to);
    if (next === segments) return;
    onRecord({ ...edit, segments: next });
    onSelect(to);
  }

  function remove() {
    if (selected === null) return;
    const next = deleteSegment(segments, selected);
    if (next === segments) return;
    onRecord({ ...edit, segments: next });
    onSelect(null);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="font-semibold">
          {t('Timeline')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={!canSplit} onClick={split}>
            <Scissors aria-hidden="true" />
            {t('Split')}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={selectedSegment === undefined || segments.length <= 1}
            onClick={remove}
          >
            <Trash2 aria-hidden="true" />
            {t('Delete section')}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={selected === null || selected === 0}
            onClick={() => selected !== null && move(selected, selected - 1)}
          >
            <ArrowLeft aria-hidden="true" />
            {t('Move earlier')}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={selected === null || selected >= segments.length - 1}
            onClick={() => selected !== null && move(selected, selected + 1)}
          >
            <ArrowRight aria-hidden="true" />
            {t('Move later')}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={!canUndo}
            aria-keyshortcuts="Control+Z"
            onClick={onUndo}
          >
            <Undo2 aria-hidden="true" />
            {t('Undo')}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={!canRedo}
            aria-keyshortcuts="Control+Shift+Z"
            onClick={onRedo}
          >
            <Redo2 aria-hidden="true" />
            {t('Redo')}
          </Button>
        </div>
      </div>
      <ul ref={bar} aria-label={t('Sections')} className="relative h-10 rounded-md bg-muted">
        {segments.map((segment, index) => (
          <li
            key={`${segment.start}-${segment.end}`}
            className="absolute inset-y-0"
            style={{
              left: percent(segment.start, duration),
              width: percent(segment.end - segment.start, duration),
            }}
          >
            <button
              type="button"
              draggable={segments.length > 1}
              aria-label={sectionLabel(t, index, segment)}
              aria-pressed={selected === index}
              className={cn(
                'grid size-full place-items-center rounded-md border-2 border-background bg-primary/60 text-xs font-semibold text-primary-foreground hover:bg-primary/80 focus-visible:outline-2 focus-visible:outline-ring',
                selected === index && 'bg-primary ring-2 ring-ring',
                dragOver === index && 'ring-2 ring-foreground',
              )}
              onClick={() => onSelect(selected === index ? null : index, segment.start)}
              onDragStart={(event) => {
                event.dataTransfer.setData(SECTION_DRAG_TYPE, String(index));
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(event) => {
                if (!event.dataTransfer.types.includes(SECTION_DRAG_TYPE)) return;
                event.preventDefault();
                setDragOver(index);
              }}
              onDragLeave={() => setDragOver(null)}
              onDrop={(event) => {
                event.preventDefault();
                setDragOver(null);
                const from = Number(event.dataTransfer.getData(SECTION_DRAG_TYPE));
                if (Number.isInteger(from)) move(from, index);
              }}
            >
              <span aria-hidden="true">{index + 1}</span>
            </button>
          </li>
        ))}
        {trim.start > 0 ? (
          <li
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-0 bg-background/70"
            style={{ width: percent(trim.start, duration) }}
          />
        ) : null}
        {trim.end < duration ? (
          <li
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-0 bg-background/70"
            style={{ width: percent(duration - trim.end, duration) }}
          />
        ) : null}
        <li
          aria-hidden="true"
          className="pointer-events-none absolute -inset-y-1 w-0.5 bg-foreground"
          style={{ left: percent(Math.min(playhead, duration), duration) }}
        />
        {onTrim ? <TrimHandles bar={bar} trim={trim} duration={duration} onTrim={onTrim} /> : null}
      </ul>
      {mediaId
        ? pictures.map(([kind, label]) => (
            <img
              key={kind}
              src={timelinePictureUrl(mediaId, kind)}
              alt={t(label)}
              className="h-10 w-full rounded-md bg-muted object-fill"
              onError={() => setMissing((current) => new Set(current).add(kind))}
            />
          ))
        : null}
      <p className="text-sm text-muted-foreground">
        {kept.length === 0
          ? translateMessage(VIDEO_EDITOR_MESSAGES.noSegments)
          : t('Keeps {{count}} sections, {{kept}} of {{duration}}. Playhead at {{playhead}}.', {
              count: kept.length,
              kept: formatSeconds(totalDuration(kept)),
              duration: formatSeconds(duration),
              playhead: formatSeconds(playhead),
            })}
      </p>
    </section>
  );
}

function sectionLabel(t: TFunction<'video-editor'>, index: number, segment: Segment): string {
  return t('Section {{number}}: {{start}} to {{end}}', {
    number: index + 1,
    start: formatSeconds(segment.start),
    end: formatSeconds(segment.end),
  });
}
