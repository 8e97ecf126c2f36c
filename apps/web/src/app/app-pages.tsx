import type { Namespace } from '@/i18n';
import { type PageModule, page } from './lazy-page';

/**
 * The signed-in app's pages by path, in a chunk of their own (docs/decisions/0127-signed-in-routes-out-of-the-entry.md):
 * the entry knows only the paths (PROTECTED_ROUTES), so the landing page does not carry the app's table of chunks.
 */
export const comingSoon = page(() =>
  import('./routes/coming-soon').then((m) => ({ Component: m.ComingSoonPage })),
);

/** The features whose parts the user's settings form shows (app/routes/user-settings.tsx). */
const USER_SETTINGS_PARTS: Namespace[] = ['auth', 'notifications', 'public-api', 'devices'];

/** Protected screens that have their own page; every other protected route shows "coming soon". */
export const APP_PAGES: Record<string, () => Promise<PageModule>> = {
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
