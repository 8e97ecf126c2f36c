import { PROTECTED_ROUTES } from '@relaycast/shared/routes';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/ui/spinner';
import { RequireAuth } from '@/features/auth/require-auth';
import { AdaptiveLayout } from './layouts/adaptive-layout';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';
import { HomePage } from './routes/home';

// Every other screen is its own chunk, so the public pages never load the signed-in app's code.
const comingSoon = () => import('./routes/coming-soon').then((m) => ({ Component: m.ComingSoonPage }));

/** Protected screens that have their own page; every other protected route shows "coming soon". */
const APP_PAGES: Record<string, RouteObject['lazy']> = {
  '/dashboard': () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardPage })),
  '/analytics': () => import('./routes/analytics').then((m) => ({ Component: m.AnalyticsPage })),
  '/media-tools': () => import('./routes/media-tools').then((m) => ({ Component: m.MediaToolsPage })),
  '/create-post': () => import('./routes/create-post').then((m) => ({ Component: m.CreatePostPage })),
  '/post-composer': () => import('./routes/post-composer').then((m) => ({ Component: m.PostComposerPage })),
  '/drafts': () => import('./routes/drafts').then((m) => ({ Component: m.DraftsPage })),
  '/calendar': () => import('./routes/calendar').then((m) => ({ Component: m.CalendarPage })),
  '/media-library': () => import('./routes/media-library').then((m) => ({ Component: m.MediaLibraryPage })),
  '/settings': () => import('./routes/settings').then((m) => ({ Component: m.SettingsPage })),
  '/engagement': () => import('./routes/engagement').then((m) => ({ Component: m.EngagementPage })),
  '/connected-accounts': () =>
    import('./routes/connected-accounts').then((m) => ({ Component: m.ConnectedAccountsPage })),
  '/streaming': () => import('./routes/streaming').then((m) => ({ Component: m.StreamingPage })),
  '/stream-analytics': () =>
    import('./routes/stream-analytics').then((m) => ({ Component: m.StreamAnalyticsPage })),
  '/stream-settings': () =>
    import('./routes/stream-settings').then((m) => ({ Component: m.StreamSettingsPage })),
  '/clip-generator': () =>
    import('./routes/clip-generator').then((m) => ({ Component: m.ClipGeneratorPage })),
  '/schedule-stream': () =>
    import('./routes/schedule-stream').then((m) => ({ Component: m.ScheduleStreamPage })),
  '/video-editor': () => import('./routes/video-editor').then((m) => ({ Component: m.VideoEditorPage })),
};

/**
 * What a lazy page shows while its code loads on the first visit. React Router asks for one on every first
 * load of a lazy route and warns without it (issue 15: "No `HydrateFallback` element provided" on /login).
 * Set on a path-less route inside each layout, so the header stays on screen while the page loads.
 */
function PageLoading() {
  return <LoadingScreen />;
}

const PUBLIC_PAGES: RouteObject[] = [
  // The landing page ships with the entry: a lazy chunk would add a round trip before its first paint.
  { index: true, Component: HomePage },
  { path: 'pricing', lazy: () => import('./routes/pricing').then((m) => ({ Component: m.PricingPage })) },
  { path: 'about', lazy: () => import('./routes/about').then((m) => ({ Component: m.AboutPage })) },
  { path: 'blog', lazy: () => import('./routes/blog').then((m) => ({ Component: m.BlogPage })) },
  {
    path: 'blog/:slug',
    lazy: () => import('./routes/blog-post').then((m) => ({ Component: m.BlogPostPage })),
  },
  { path: 'faq', lazy: () => import('./routes/faq').then((m) => ({ Component: m.FaqPage })) },
  { path: 'contact', lazy: () => import('./routes/contact').then((m) => ({ Component: m.ContactPage })) },
  {
    path: 'api-reference',
    lazy: () => import('./routes/api-reference').then((m) => ({ Component: m.ApiReferencePage })),
  },
  { path: 'login', lazy: () => import('./routes/auth-pages').then((m) => ({ Component: m.LoginPage })) },
  {
    path: 'signup',
    lazy: () => import('./routes/auth-pages').then((m) => ({ Component: m.SignupPage })),
  },
  {
    path: 'forgot-password',
    lazy: () => import('./routes/auth-pages').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: 'reset-password',
    lazy: () => import('./routes/auth-pages').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundPage })) },
];

export const routes: RouteObject[] = [
  {
    // A shared, read-only analytics report: no site header, no session (docs/analytics-page.md).
    path: 'r/:token',
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    lazy: () => import('./routes/report').then((m) => ({ Component: m.ReportPage })),
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
            lazy: () => import('./routes/features').then((m) => ({ Component: m.FeaturesPage })),
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
        children: PROTECTED_ROUTES.map((path) => ({ path, lazy: APP_PAGES[path] ?? comingSoon })),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
