import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { startI18nWith } from './i18n';
import { CATALOGS } from './i18n/test-catalogs';

/**
 * The home page's first screen drawn at build time (docs/decisions/0040-prerendered-home.md), so a visitor sees
 * it as soon as the HTML and the stylesheet arrive instead of after the app's JavaScript has run: the same
 * routes and components, rendered as the app's first commit for an English visitor who is not signed in (the
 * session not yet known, so the header's account links come when it is). `vite build --ssr` bundles this file;
 * `prerender.mjs` writes the result into `dist/home.html`, which the server sends for `/` to such visitors. The
 * browser then draws the app over it with `createRoot` (main.tsx): no hydration, so nothing has to match.
 */
export async function renderPage(pathname: string): Promise<string> {
  await startI18nWith({ en: CATALOGS.en ?? {} });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://relaycast.local')));
  if (context instanceof Response) throw new Error(`${pathname} redirects: it cannot be prerendered`);
  if (context.errors) throw new Error(`${pathname} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Providers>
        {/* No hydration data: the page is drawn again in the browser, and CSP allows no inline script. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
}

/**
 * `index.html` with the page drawn into its root element. Until the app draws over it (main.tsx), nothing in it
 * does anything: the root is `inert` (no click, focus or typing that the app's page would then drop), and its
 * fields say they are read-only and its selects disabled (ARIA, which changes nothing on screen), so a browser
 * test, which does not look at `inert`, waits for the app's own fields as a visitor must.
 */
export function withPage(indexHtml: string, pageHtml: string): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error('index.html has no empty <div id="root">');
  const gated = pageHtml
    .replace(/<(input|textarea)(?=[\s>/])/g, '<$1 aria-readonly="true"')
    .replace(/<select(?=[\s>/])/g, '<select aria-disabled="true"');
  return indexHtml.replace(root, `<div id="root" inert="">${gated}</div>`);
}
