import { ArrowLeft, Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';

/**
 * The screens still being built (protected routes with no page in router.tsx), what each will do, and the
 * screen to go back to. A screen leaves this list when its page lands.
 */
// Empty since /analytics landed (docs/analytics.md); the next protected screen without a page gets its entry here.
const SCREENS: Record<string, { title: string; coming: string; back?: { to: string; label: string } }> = {};

const DEFAULT_BACK = { to: '/dashboard', label: 'Back to dashboard' };

/** A signed-in screen whose feature has not landed yet: says plainly what is coming, with a way back. */
export function ComingSoonPage() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const screen = SCREENS[pathname];
  // The entries' English is translated where shown, so every entry's texts belong in the catalogs.
  const title = t(screen?.title ?? 'This screen');
  const back = screen?.back ?? DEFAULT_BACK;
  usePageMeta(title, t('{{title}} is coming soon to Relaycast.', { title }));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <Construction aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight">
        {t('{{title}} is on its way', { title })}
      </h1>
      <p className="mt-3 text-muted-foreground">
        {t(screen?.coming ?? 'This screen is part of the Relaycast roadmap.')}{' '}
        {t('It is not built yet; everything you save elsewhere is kept.')}
      </p>
      <Button asChild variant="outline" className="mt-8">
        <Link to={back.to}>
          <ArrowLeft aria-hidden="true" />
          {t(back.label)}
        </Link>
      </Button>
    </div>
  );
}
