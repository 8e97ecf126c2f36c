import { LANGUAGE_LABELS, LANGUAGES } from '@relaycast/shared/languages';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
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
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <div className="grid gap-1 text-sm">
      <SelectField
        label={t('Language')}
        value={current}
        options={LANGUAGES}
        format={(language) => LANGUAGE_LABELS[language]}
        onChange={(language) => void applyLanguage(language)}
        size="sm"
        className="w-40"
      />
      {user ? (
        <p className="text-xs text-muted-foreground">
          {t('In the app, the language in your Settings applies.')}
        </p>
      ) : null}
    </div>
  );
}
