import { LABEL_COLOR_HEX, type Label } from '@relaycast/shared/labels';
import { cn } from '@/lib/cn';

/** A colour's dot: the chip's text stays dark on the card, so every colour of the palette reads. */
export function LabelDot({ color, className }: { color: Label['color']; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-color={color}
      className={cn('inline-block size-2 shrink-0 rounded-full', className)}
      style={{ backgroundColor: LABEL_COLOR_HEX[color] }}
    />
  );
}

/** One label as a coloured chip (docs/labels.md). */
export function LabelChip({ label, className }: { label: Label; className?: string }) {
  return (
    <span
      data-slot="label-chip"
      className={cn(
        'inline-flex max-w-full min-w-0 items-center gap-1 rounded-full border px-1.5 py-px text-[0.6875rem] leading-4 font-medium',
        className,
      )}
      style={{ borderColor: LABEL_COLOR_HEX[label.color] }}
    >
      <LabelDot color={label.color} className="size-1.5" />
      <span className="truncate">{label.name}</span>
    </span>
  );
}

/** A post's labels as chips on one wrapping line; nothing when it has none. */
export function LabelChips({
  labels,
  className,
  max = Number.POSITIVE_INFINITY,
}: {
  labels: readonly Label[] | undefined;
  className?: string;
  /** Chips shown; the rest are counted ("+2"). */
  max?: number;
}) {
  if (!labels || labels.length === 0) return null;
  const shown = labels.slice(0, max);
  return (
    <span className={cn('flex min-w-0 flex-wrap items-center gap-1', className)}>
      {shown.map((label) => (
        <LabelChip key={label.id} label={label} />
      ))}
      {labels.length > shown.length ? (
        <span className="text-[0.6875rem] text-muted-foreground">+{labels.length - shown.length}</span>
      ) : null}
    </span>
  );
}
