import { PROTECTED_ROUTES } from '@relaycast/shared/routes';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/ui/spinner';
import { RequireAuth } from '@/features/auth/require-auth';
import { i18n, type Namespace } from '@/i18n';
import { AdaptiveLayout } from './layouts/adaptive-layout';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';
import { HomePage } from './routes/home';

type PageModule = { Component: NonNullable<RouteObject['Component']> };

/**
 * A lazy page whose catalogs (i18n/index.ts) are fetched alongside its code, so it draws in the user's language
 * at once instead of suspending on its first string. The page gets the app's query cache (query-provider.tsx),
 * which the entry does not carry.
 */
function page(load: () => Promise<PageModule>, ...namespaces: Namespace[]): () => Promise<PageModule> {
  return () =>
    Promise.all([
      load(),
      import('./query-provider'),
      i18n.loadNamespaces(namespaces).catch(() => undefined),
    ]).then(([module, { withQueryProvider }]) => ({ Component: withQueryProvider(module.Component) }));
}

// Every other screen is its own chunk, so the public pages never load the signed-in app's code.
const comingSoon = page(() => import('./routes/coming-soon').then((m) => ({ Component: m.ComingSoonPage })));

/** The features whose parts the user's settings form shows (app/routes/user-settings.tsx). */
const USER_SETTINGS_PARTS: Namespace[] = ['auth', 'notifications', 'public-api', 'devices'];

/** Protected screens that have their own page; every other protected route shows "coming soon". */
const APP_PAGES: Record<string, RouteObject['lazy']> = {
  '/dashboard': page(
    () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardPage })),
    'dashboard',
  ),
  '/analytics': page(
    () => import('./routes/analytics').then((m) => ({ Component: m.AnalyticsPage })),
    'analytics',
    'short-links',
  ),
  '/media-tools': page(
    () => import('./routes/media-tools').then((m) => ({ Component: m.MediaToolsPage })),
    'media-tools',
  ),
  '/create-post': page(
    () => import('./routes/create-post').then((m) => ({ Component: m.CreatePostPage })),
    'composer',
    'ai-assistant',
    'image-editor',
    'labels',
  ),
  '/post-composer': page(
    () => import('./routes/post-composer').then((m) => ({ Component: m.PostComposerPage })),
    'composer',
    'ai-assistant',
    'image-editor',
    'labels',
  ),
  '/drafts': page(
    () => import('./routes/drafts').then((m) => ({ Component: m.DraftsPage })),
    'drafts',
    'labels',
  ),
  '/bulk-import': page(
    () => import('./routes/bulk-import').then((m) => ({ Component: m.BulkImportPage })),
    'bulk-import',
  ),
  '/feeds': page(() => import('./routes/feeds').then((m) => ({ Component: m.FeedsPage })), 'feeds'),
  '/evergreen': page(
    () => import('./routes/evergreen').then((m) => ({ Component: m.EvergreenPage })),
    'evergreen',
  ),
  '/calendar': page(
    () => import('./routes/calendar').then((m) => ({ Component: m.CalendarPage })),
    'calendar',
    'composer',
    'labels',
  ),
  '/media-library': page(
    () => import('./routes/media-library').then((m) => ({ Component: m.MediaLibraryPage })),
    'media-library',
    'watermarks',
  ),
  // The settings page shows parts of other features: their catalogs load with it.
  '/settings': page(
    () => import('./routes/settings').then((m) => ({ Component: m.SettingsPage })),
    'settings',
    ...USER_SETTINGS_PARTS,
    'ai-assistant',
    'analytics',
    'webhooks',
    'composer-library',
    'labels',
  ),
  '/settings/members': page(
    () => import('./routes/members').then((m) => ({ Component: m.MembersPage })),
    'members',
    'settings',
  ),
  '/settings/workspace': page(
    () => import('./routes/workspace-settings').then((m) => ({ Component: m.WorkspaceSettingsPage })),
    'workspaces',
  ),
  '/engagement': page(
    () => import('./routes/engagement').then((m) => ({ Component: m.EngagementPage })),
    'engagement',
  ),
  '/connected-accounts': page(
    () => import('./routes/connected-accounts').then((m) => ({ Component: m.ConnectedAccountsPage })),
    'accounts',
    'proxies',
    'queue-slots',
  ),
  '/streaming': page(
    () => import('./routes/streaming').then((m) => ({ Component: m.StreamingPage })),
    'streaming',
  ),
  '/stream-analytics': page(
    () => import('./routes/stream-analytics').then((m) => ({ Component: m.StreamAnalyticsPage })),
    'streaming',
    // A stream's suggested clips are the clip generator's cards (components/clips/).
    'clip-generator',
  ),
  '/stream-settings': page(
    () => import('./routes/stream-settings').then((m) => ({ Component: m.StreamSettingsPage })),
    'settings',
    'streaming',
    ...USER_SETTINGS_PARTS,
  ),
  '/clip-generator': page(
    () => import('./routes/clip-generator').then((m) => ({ Component: m.ClipGeneratorPage })),
    'clip-generator',
  ),
  '/schedule-stream': page(
    () => import('./routes/schedule-stream').then((m) => ({ Component: m.ScheduleStreamPage })),
    'planned-streams',
  ),
  '/admin': page(() => import('./routes/admin').then((m) => ({ Component: m.AdminPage })), 'usage'),
  '/usage': page(() => import('./routes/usage').then((m) => ({ Component: m.UsagePage })), 'usage'),
  '/approvals': page(
    () => import('./routes/approvals').then((m) => ({ Component: m.ApprovalsPage })),
    'approvals',
  ),
  '/links': page(() => import('./routes/links').then((m) => ({ Component: m.LinksPage })), 'short-links'),
  '/image-editor': page(
    () => import('./routes/image-editor').then((m) => ({ Component: m.ImageEditorPage })),
    'image-editor',
  ),
  '/video-editor': page(
    () => import('./routes/video-editor').then((m) => ({ Component: m.VideoEditorPage })),
    'video-editor',
  ),
};

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
        children: PROTECTED_ROUTES.map((path) => ({ path, lazy: APP_PAGES[path] ?? comingSoon })),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
