import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/ui/spinner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The public site: the shared header, the page as the one main landmark, the footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {/* A page whose catalog is still on its way (i18n) waits here, under the header. */}
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
