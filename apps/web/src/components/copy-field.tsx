import { STREAMING_MESSAGES } from '@relaycast/shared/streaming';
import { Copy, Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { i18n, translateMessage } from '@/i18n';
import { toast } from '@/lib/toast';

export async function copyToClipboard(value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    toast.success(translateMessage(STREAMING_MESSAGES.copied));
  } catch {
    toast.error(
      i18n.t('Could not copy: the browser did not allow access to the clipboard.', { ns: 'common' }),
    );
  }
}

interface CopyFieldProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange'> {
  label: string;
  value: string;
  onValueChange?: (value: string) => void;
  /** Masked like a password, with a Show/Hide button. */
  isSecret?: boolean;
  hint?: string;
  error?: string;
}

/** A labelled field with a copy button (and show/hide for secrets), for RTMP URLs, stream keys and API keys. */
export function CopyField({
  label,
  value,
  onValueChange,
  isSecret,
  hint,
  error,
  id,
  ...props
}: CopyFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [isShown, setShown] = useState(false);
  const { t, i18n: current } = useTranslation('common');
  // "Stream key" reads "Copy stream key"; an acronym like "RTMP URL" keeps its capitals, and so do German nouns.
  const name =
    current.resolvedLanguage !== 'de' && /^[A-Z][a-z]/.test(label)
      ? label.charAt(0).toLowerCase() + label.slice(1)
      : label;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          type={isSecret && !isShown ? 'password' : 'text'}
          value={value}
          onChange={(event) => onValueChange?.(event.target.value)}
          readOnly={!onValueChange}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="min-w-0 font-mono"
          {...props}
        />
        {isSecret ? (
          <Button
            variant="outline"
            size="icon"
            className="shrink-0"
            aria-label={isShown ? t('Hide {{name}}', { name }) : t('Show {{name}}', { name })}
            onClick={() => setShown((shown) => !shown)}
          >
            {isShown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          </Button>
        ) : null}
        <Button
          variant="outline"
          size="icon"
          className="shrink-0"
          aria-label={t('Copy {{name}}', { name })}
          disabled={value.trim() === ''}
          onClick={() => void copyToClipboard(value.trim())}
        >
          <Copy aria-hidden="true" />
        </Button>
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
