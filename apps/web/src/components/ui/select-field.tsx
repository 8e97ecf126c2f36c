import { useId } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

/** A labelled native <select> over a fixed list of string values. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  format = (option) => option,
  size = 'md',
  className,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange(value: NoInfer<T>): void;
  /** How an option reads (defaults to the value itself). */
  format?: (option: NoInfer<T>) => string;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('grid gap-1', className)}>
      <Label htmlFor={id} className={size === 'sm' ? 'text-xs' : undefined}>
        {label}
      </Label>
      <select
        id={id}
        className={cn(
          'rounded-md border border-input bg-card px-2 text-sm',
          size === 'sm' ? 'h-8' : 'h-9 w-full',
        )}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {format(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

export const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
