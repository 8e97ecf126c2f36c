import {
  BarChart3,
  CalendarDays,
  Clapperboard,
  ClipboardCheck,
  LayoutDashboard,
  Link2,
  type LucideIcon,
  MessageCircle,
  Recycle,
  Settings,
  Sparkles,
} from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useApplyUserLanguage, useReportBrowserTimeZone, useUserSettings } from '@/api/settings';
import { LoadingScreen, Spinner } from '@/components/ui/spinner';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import {
  PaymentFailedBanner,
  PublishingBlockedBanner,
  TrialBadge,
} from '@/features/usage/components/plan-status-header';
import { WorkspaceSwitcher } from '@/features/workspaces/components/workspace-switcher';
import { cn } from '@/lib/cn';
import { QueryProvider } from '../query-provider';
import { SiteHeader } from './site-header';

export const APP_NAV: readonly { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/features', label: 'Features', icon: Sparkles },
  { to: '/media-tools', label: 'Media Tools', icon: Clapperboard },
  { to: '/calendar', label: 'Calendar', icon: CalendarDays },
  { to: '/evergreen', label: 'Evergreen', icon: Recycle },
  { to: '/approvals', label: 'Approvals', icon: ClipboardCheck },
  { to: '/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/links', label: 'Links', icon: Link2 },
  { to: '/engagement', label: 'Engagement', icon: MessageCircle },
  { to: '/settings', label: 'Settings', icon: Settings },
];

function SidebarLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <ul className="grid gap-1">
      {APP_NAV.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground',
                isActive && 'bg-accent text-accent-foreground hover:bg-accent hover:text-accent-foreground',
              )
            }
          >
            <Icon aria-hidden="true" className="size-4" />
            {t(label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The signed-in app: the shared header, a sidebar (a menu on narrow screens) and the page. The page waits for
 * the user's settings (one request, made while the page's code loads): every date on it is in the time zone
 * they hold, so none is drawn first in the browser's zone and then moved. If they fail, the browser's zone is used.
 */
export function AppLayout() {
  return (
    <QueryProvider>
      <SignedInApp />
    </QueryProvider>
  );
}

function SignedInApp() {
  const settings = useUserSettings({ retry: false });
  useReportBrowserTimeZone();
  useApplyUserLanguage();
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader
        actions={
          <>
            <WorkspaceSwitcher />
            <TrialBadge />
            <NotificationBell />
          </>
        }
        appLinkPaths={APP_NAV.map((link) => link.to)}
        appLinks={(close) => (
          <nav aria-label={t('App mobile')} className="py-2 lg:hidden">
            <SidebarLinks onNavigate={close} />
          </nav>
        )}
      />
      <div className="mx-auto flex w-full max-w-7xl flex-1">
        <nav aria-label={t('App')} className="hidden w-56 shrink-0 border-r px-3 py-6 lg:block">
          <SidebarLinks />
        </nav>
        <div className="flex min-w-0 flex-1 flex-col">
          <PublishingBlockedBanner />
          <PaymentFailedBanner />
          <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-8 focus:outline-none sm:px-8">
            {settings.isPending ? (
              <Spinner label={t('Loading your settings')} />
            ) : (
              <Suspense fallback={<LoadingScreen />}>
                <Outlet />
              </Suspense>
            )}
          </main>
        </div>
      </div>
    </div>
  );
}
