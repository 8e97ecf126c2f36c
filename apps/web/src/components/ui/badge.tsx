import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const VARIANTS = {
  accent: 'bg-accent text-accent-foreground',
  primary: 'bg-primary text-primary-foreground',
  outline: 'border bg-card text-muted-foreground',
} as const;

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: keyof typeof VARIANTS;
}

/** A short label: a post's category, a plan's POPULAR mark. */
export function Badge({ variant = 'accent', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
