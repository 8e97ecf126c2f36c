import { isProtectedRoute } from '@relaycast/shared/routes';
import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { prefetchSession } from './features/auth/auth-provider';
import { detectLanguage, namespacesForPath, startI18n } from './i18n';
import './index.css';

const router = createRouter();
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

/**
 * The home page may arrive drawn already (prerender.tsx), inert until the app's first commit has replaced it:
 * from then on the page responds, and only to the app's own elements.
 */
function TakeOver({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => container.removeAttribute('inert'), [container]);
  return null;
}

// Who is signed in is asked at once; the catalogs the opened page needs are fetched before the first paint, so
// no text flashes in English.
prefetchSession();
const { pathname } = window.location;
startI18n(detectLanguage(), namespacesForPath(pathname, isProtectedRoute(pathname)))
  .catch(() => undefined)
  .finally(() =>
    createRoot(root).render(
      <StrictMode>
        <TakeOver container={root} />
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
