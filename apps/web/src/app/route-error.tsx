import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a screen throws or a chunk fails to load; the wording matches the product's error screen. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t('Unknown error');
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{t('Unexpected Application Error!')}</h1>
      <p className="mt-2 text-muted-foreground">{detail}</p>
      <Link to="/" className="mt-6 font-medium text-primary hover:underline">
        {t('Go home')}
      </Link>
    </main>
  );
}
