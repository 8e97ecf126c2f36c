import { LANGUAGE_LABELS, LANGUAGES } from '@relaycast/shared/languages';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/features/auth/auth-provider';
import { applyLanguage, isLanguage } from '@/i18n';

/**
 * The public site's language choice (footer): each language in its own words, remembered in this browser.
 * Kept free of the settings schemas (zod) and TanStack Query: it is part of the home page's entry bundle.
 * A signed-in user's Settings choice wins once they open the app, which the hint says.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation('common');
  const { user } = useAuth();
  const id = useId();
  const hintId = `${id}-hint`;
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <div className="grid gap-1 text-sm">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-muted-foreground">
          {t('Language')}
        </label>
        <span className="relative flex">
          <select
            id={id}
            value={current}
            aria-describedby={user ? hintId : undefined}
            onChange={(event) => {
              const language = event.target.value;
              if (isLanguage(language)) void applyLanguage(language);
            }}
            className="h-8 appearance-none rounded-md border border-input bg-card pr-8 pl-2 text-sm"
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_LABELS[language]}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2 text-muted-foreground"
          />
        </span>
      </div>
      {user ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {t('In the app, the language in your Settings applies.')}
        </p>
      ) : null}
    </div>
  );
}
