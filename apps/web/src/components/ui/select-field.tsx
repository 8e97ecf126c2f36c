import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

/**
 * The app's one select: a labelled native <select> (the keyboard, screen readers and phones' own pickers keep
 * working) drawn like the other inputs, with its own chevron. It never grows wider than its column: a long
 * option is cut with an ellipsis instead of widening the page (docs/decisions/0026-rough-edges-layout.md: /settings was 504 px on a phone).
 */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  format = (option) => option,
  size = 'md',
  className,
  disabled,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange(value: NoInfer<T>): void;
  /** How an option reads (defaults to the value itself). */
  format?: (option: NoInfer<T>) => string;
  size?: 'sm' | 'md';
  className?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={cn('grid min-w-0 gap-1', className)}>
      <Label htmlFor={id} className={size === 'sm' ? 'text-xs' : undefined}>
        {label}
      </Label>
      <span className={cn('relative flex min-w-0', size === 'md' && 'w-full')}>
        <select
          id={id}
          data-slot="select"
          className={cn(
            'w-full min-w-0 appearance-none truncate rounded-md border border-input bg-card pr-8 pl-2 text-sm disabled:cursor-not-allowed disabled:opacity-60',
            size === 'sm' ? 'h-8' : 'h-9',
          )}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value as T)}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {format(option)}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </span>
    </div>
  );
}

export const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
