import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { LogOut, Menu, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-provider';
import { translateMessage } from '@/i18n';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

export const PUBLIC_NAV = [
  { to: '/', label: 'Home' },
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
  { to: '/faq', label: 'FAQ' },
] as const;

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-semibold tracking-tight">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>Relaycast</span>
    </Link>
  );
}

/**
 * The header on every page: public links, then either log in / get started or dashboard / sign out. On a
 * phone everything sits behind one menu button; the signed-in app hands in its own links (`appLinks`), shown
 * first in that same menu, so a phone never shows two menus stacked (docs/decisions/0026-rough-edges-layout.md).
 */
// function-budget: SiteHeader lays out one screen part in one JSX tree; split into named parts when it next changes
export function SiteHeader({
  appLinks,
  appLinkPaths = [],
  actions,
}: {
  appLinks?: (close: () => void) => ReactNode;
  /** Where `appLinks` lead: the phone menu leaves these out of the site's links, so none is listed twice. */
  appLinkPaths?: readonly string[];
  /** Controls shown on every screen size next to the account links (the app's notification bell). */
  actions?: ReactNode;
}) {
  const { user, ready, signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('common');

  async function handleSignOut() {
    // Leave the protected page first, so the route guard does not send the visitor to the login page.
    await navigate('/');
    const result = await signOut();
    if (result.ok) toast.success(translateMessage(AUTH_MESSAGES.signOutSuccess));
    else toast.error(result.message || translateMessage(AUTH_MESSAGES.signOutFallback));
  }

  const accountLinks = (inMenu: boolean) =>
    !ready ? null : user ? (
      <>
        {inMenu && appLinkPaths.includes('/dashboard') ? null : (
          <Button asChild variant="ghost">
            <Link to="/dashboard">{t('Dashboard')}</Link>
          </Button>
        )}
        <Button variant="outline" onClick={handleSignOut}>
          <LogOut aria-hidden="true" />
          {t('Sign out')}
        </Button>
      </>
    ) : (
      <>
        <Button asChild variant="ghost">
          <Link to="/login">{t('Log in')}</Link>
        </Button>
        <Button asChild>
          <Link to="/signup">{t('Get Started')}</Link>
        </Button>
      </>
    );

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg"
      >
        {t('Skip to content')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        {/* Logo and account links share the width equally, so the nav stays centred when the links appear. */}
        <div className="flex flex-1">
          <Logo />
        </div>
        <nav aria-label={t('Main')} className="hidden items-center gap-1 md:flex">
          {PUBLIC_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === '/'}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
                  isActive && 'bg-muted text-foreground',
                )
              }
            >
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
        <div className="flex flex-1 items-center justify-end gap-2">
          {actions}
          <div className="hidden items-center gap-2 md:flex">{accountLinks(false)}</div>
          <Button
            variant="ghost"
            size="icon"
            // The app's sidebar hides below lg, so its links need the menu up to there.
            className={appLinks ? 'lg:hidden' : 'md:hidden'}
            aria-expanded={open}
            aria-controls="mobile-nav"
            aria-label={open ? t('Close menu') : t('Open menu')}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {open ? (
        <div
          id="mobile-nav"
          className={cn(
            'max-h-[calc(100dvh-4rem)] overflow-y-auto border-t px-4 pb-4',
            appLinks ? 'lg:hidden' : 'md:hidden',
          )}
        >
          {appLinks ? appLinks(() => setOpen(false)) : null}
          <nav aria-label={t('Main mobile')} className={cn('grid py-2', appLinks && 'border-t')}>
            {PUBLIC_NAV.filter((item) => !appLinkPaths.includes(item.to)).map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === '/'}
                onClick={() => setOpen(false)}
                className={({ isActive }) =>
                  cn('rounded-md px-3 py-2 text-sm font-medium hover:bg-muted', isActive && 'bg-muted')
                }
              >
                {t(item.label)}
              </NavLink>
            ))}
          </nav>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: closes the menu after a choice inside it */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links and buttons inside handle the keyboard */}
          <div className="flex flex-wrap gap-2" onClick={() => setOpen(false)}>
            {accountLinks(true)}
          </div>
        </div>
      ) : null}
    </header>
  );
}
