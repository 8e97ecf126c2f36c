import { type ComponentProps, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/i18n';
import { Input } from './input';
import { Label } from './label';

interface FormFieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string;
  hint?: string;
}

/**
 * A labelled input with its hint and error message wired up for screen readers. The error comes from a
 * shared zod schema (through react-hook-form) in English, and is shown in the interface's language; the label
 * and hint are already translated by the form that passes them.
 */
export function FormField({ label, error, hint, id, ...props }: FormFieldProps) {
  // Re-renders the error in a newly chosen language.
  useTranslation();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
