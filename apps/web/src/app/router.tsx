import { PROTECTED_ROUTES } from '@relaycast/shared/routes';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';

// Every screen is its own chunk, so the public pages never load the signed-in app's code.
const comingSoon = () => import('./routes/coming-soon').then((m) => ({ Component: m.ComingSoonPage }));

/** Protected screens that have their own page; every other protected route shows "coming soon". */
const APP_PAGES: Record<string, RouteObject['lazy']> = {
  '/dashboard': () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardPage })),
};

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('./routes/home').then((m) => ({ Component: m.HomePage })) },
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
      ...['features', 'pricing', 'about', 'blog', 'faq', 'contact'].map((path) => ({
        path,
        lazy: comingSoon,
      })),
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
  {
    element: <RequireAuth />,
    errorElement: <RouteError />,
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
