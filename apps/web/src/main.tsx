import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { detectLanguage, namespaceForPath, startI18n } from './i18n';
import './index.css';

const router = createRouter();
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

// The shell's catalog and the opened page's are fetched before the first paint, so no text flashes in English.
const pageNamespace = namespaceForPath(window.location.pathname);
startI18n(detectLanguage(), pageNamespace ? ['common', pageNamespace] : ['common'])
  .catch(() => undefined)
  .finally(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
