import { PROTECTED_ROUTES } from '@relaycast/shared/routes';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/ui/spinner';
import { RequireAuth } from '@/features/auth/require-auth';
import { AdaptiveLayout } from './layouts/adaptive-layout';
import { PublicLayout } from './layouts/public-layout';
import { page } from './lazy-page';
import { RouteError } from './route-error';
import { HomePage } from './routes/home';

/**
 * What a lazy page shows while its code loads on the first visit. React Router asks for one on every first
 * load of a lazy route and warns without it (docs/decisions/0026-rough-edges-layout.md: "No `HydrateFallback` element provided" on /login).
 * Set on a path-less route inside each layout, so the header stays on screen while the page loads.
 */
function PageLoading() {
  return <LoadingScreen />;
}

const PUBLIC_PAGES: RouteObject[] = [
  // The landing page ships with the entry: a lazy chunk would add a round trip before its first paint.
  { index: true, Component: HomePage },
  {
    path: 'pricing',
    lazy: page(() => import('./routes/pricing').then((m) => ({ Component: m.PricingPage })), 'pricing'),
  },
  {
    path: 'about',
    lazy: page(() => import('./routes/about').then((m) => ({ Component: m.AboutPage })), 'about'),
  },
  {
    path: 'blog',
    lazy: page(() => import('./routes/blog').then((m) => ({ Component: m.BlogPage })), 'blog'),
  },
  {
    path: 'blog/:slug',
    lazy: page(() => import('./routes/blog-post').then((m) => ({ Component: m.BlogPostPage })), 'blog'),
  },
  { path: 'faq', lazy: page(() => import('./routes/faq').then((m) => ({ Component: m.FaqPage })), 'faq') },
  {
    path: 'contact',
    lazy: page(() => import('./routes/contact').then((m) => ({ Component: m.ContactPage })), 'contact'),
  },
  {
    path: 'api-reference',
    lazy: page(
      () => import('./routes/api-reference').then((m) => ({ Component: m.ApiReferencePage })),
      'public-api',
    ),
  },
  {
    path: 'login',
    lazy: page(() => import('./routes/auth-pages').then((m) => ({ Component: m.LoginPage })), 'auth'),
  },
  {
    path: 'signup',
    lazy: page(() => import('./routes/auth-pages').then((m) => ({ Component: m.SignupPage })), 'auth'),
  },
  {
    path: 'forgot-password',
    lazy: page(
      () => import('./routes/auth-pages').then((m) => ({ Component: m.ForgotPasswordPage })),
      'auth',
    ),
  },
  {
    path: 'reset-password',
    lazy: page(() => import('./routes/auth-pages').then((m) => ({ Component: m.ResetPasswordPage })), 'auth'),
  },
  {
    path: 'invite/:token',
    lazy: page(() => import('./routes/invite').then((m) => ({ Component: m.InvitePage })), 'members', 'auth'),
  },
  { path: '*', lazy: page(() => import('./routes/not-found').then((m) => ({ Component: m.NotFoundPage }))) },
];

export const routes: RouteObject[] = [
  {
    // A shared, read-only analytics report: no site header, no session (docs/analytics-page.md).
    path: 'r/:token',
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    lazy: page(() => import('./routes/report').then((m) => ({ Component: m.ReportPage })), 'analytics'),
  },
  {
    // A client's review link (decision 0045): no site header, no session.
    path: 'review/:token',
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    lazy: page(() => import('./routes/review').then((m) => ({ Component: m.ReviewPage })), 'approvals'),
  },
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [{ HydrateFallback: PageLoading, children: PUBLIC_PAGES }],
  },
  {
    // Linked from both the public top bar and the signed-in sidebar: see docs/decisions/0003-public-site.md.
    element: <AdaptiveLayout />,
    errorElement: <RouteError />,
    children: [
      {
        HydrateFallback: PageLoading,
        children: [
          {
            path: 'features',
            lazy: page(
              () => import('./routes/features').then((m) => ({ Component: m.FeaturesPage })),
              'product-features',
            ),
          },
        ],
      },
    ],
  },
  {
    element: <RequireAuth />,
    errorElement: <RouteError />,
    // The app's layout is lazy too: the whole signed-in area waits for it behind the spinner.
    HydrateFallback: PageLoading,
    children: [
      {
        lazy: () => import('./layouts/app-layout').then((m) => ({ Component: m.AppLayout })),
        // Every screen is its own chunk, so the public pages never load the signed-in app's code; the table of
        // those chunks is one more (app-pages.tsx).
        children: PROTECTED_ROUTES.map((path) => ({
          path,
          lazy: () =>
            import('./app-pages').then(({ APP_PAGES, comingSoon }) => (APP_PAGES[path] ?? comingSoon)()),
        })),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
