import {
  customShortLinkCodeSchema,
  SHORT_LINK_MESSAGES,
  shortLinkTargetSchema,
} from '@relaycast/shared/short-links';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateShortLink } from '@/api/short-links';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { translateMessage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';

/** The example in the address field: a URL, the same in every language. */
const TARGET_EXAMPLE = 'https://example.com/article';

/** A target checked by the shared schema: its first problem in English (shown translated), or null. */
export function targetError(target: string): string | null {
  const parsed = shortLinkTargetSchema.safeParse(target);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? SHORT_LINK_MESSAGES.targetInvalid);
}

/** A custom code checked by the shared schema (empty: a random code), or null. */
function codeError(code: string): string | null {
  if (code.trim() === '') return null;
  const parsed = customShortLinkCodeSchema.safeParse(code);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? SHORT_LINK_MESSAGES.codeCharacters);
}

/** Make a link by hand: the address and, optionally, the code ("back-half") the user wants. */
export function CreateLinkForm() {
  const { t } = useTranslation('short-links');
  const create = useCreateShortLink();
  const [target, setTarget] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codeProblem, setCodeProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = targetError(target);
    const badCode = codeError(code);
    setError(problem);
    setCodeProblem(badCode);
    if (problem || badCode) return;
    try {
      await create.mutateAsync({ target: target.trim(), ...(code.trim() ? { code: code.trim() } : {}) });
      setTarget('');
      setCode('');
      toast.success(translateMessage(SHORT_LINK_MESSAGES.created));
    } catch (failure) {
      // A taken code is the code's problem; anything else, the address's.
      if (failure instanceof ApiError && failure.code === 'CONFLICT') setCodeProblem(errorMessage(failure));
      else setError(errorMessage(failure));
    }
  }

  return (
    <form noValidate className="grid gap-3" onSubmit={(e) => void submit(e)}>
      <FormField
        label={t('Address to shorten')}
        type="url"
        inputMode="url"
        placeholder={TARGET_EXAMPLE}
        value={target}
        error={error ?? undefined}
        onChange={(e) => setTarget(e.target.value)}
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <FormField
          label={t('Custom code (optional)')}
          hint={t('Letters, digits, "-" and "_", 4 to 50 characters. Left empty, a random code.')}
          autoComplete="off"
          spellCheck={false}
          maxLength={60}
          value={code}
          error={codeProblem ?? undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" disabled={create.isPending} className={codeProblem ? 'sm:mb-7' : 'sm:mb-6'}>
          {t('Shorten')}
        </Button>
      </div>
    </form>
  );
}
