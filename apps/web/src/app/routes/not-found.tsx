import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  usePageMeta(t('Page not found'), t('There is no page at this address.'));
  return (
    <div className="mx-auto flex max-w-xl flex-1 flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{t('Unexpected Application Error!')}</h1>
      <p className="mt-2 text-muted-foreground">
        <Trans
          t={t}
          i18nKey="404: nothing lives at <0>{{pathname}}</0>."
          values={{ pathname }}
          components={[<code key="path" className="rounded bg-muted px-1.5 py-0.5" />]}
        />
      </p>
      <Button asChild className="mt-6">
        <Link to="/">{t('Go home')}</Link>
      </Button>
    </div>
  );
}
