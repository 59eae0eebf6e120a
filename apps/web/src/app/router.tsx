import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { RequireAuth, RequireGuest, SessionExpiryRedirect } from './guards';
import type { SignedInPage } from './signed-in-pages';

/** Every route of SPEC §2, each screen loaded lazily so a page only downloads its own code. */
const lazy = (
  load: () => Promise<{ default: React.ComponentType }>,
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/**
 * A signed-in screen. Its `import()` (and so the list of chunks it preloads, one entry per shared
 * module it uses: over a hundred file names in all) lives in the small signed-in-pages chunk,
 * fetched with the first signed-in route, not in the entry every visitor of /login downloads.
 */
const signedIn = (page: SignedInPage) =>
  lazy(async () => (await import('./signed-in-pages')).signedInPages[page]());

export const routes: RouteObject[] = [
  {
    element: <SessionExpiryRedirect />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: '/', ...lazy(() => import('./routes/landing')) },
      {
        path: '/invitations/:token',
        ...lazy(() => import('./routes/invitation')),
      },
      {
        element: <RequireGuest />,
        children: [
          { path: '/login', ...lazy(() => import('./routes/auth/login')) },
          { path: '/register', ...lazy(() => import('./routes/auth/register')) },
          {
            path: '/verify-account',
            ...lazy(() => import('./routes/auth/verify-account')),
          },
          {
            path: '/forgot-password',
            ...lazy(() => import('./routes/auth/forgot-password')),
          },
          {
            path: '/reset-password',
            ...lazy(() => import('./routes/auth/reset-password')),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            // The signed-in frame (menus, dialogs) is its own chunk: the login page never loads it.
            ...signedIn('appShell'),
            children: [
              {
                path: '/dashboard',
                ...signedIn('dashboard'),
              },
              {
                path: '/deployments',
                ...signedIn('deployWizard'),
              },
              { path: '/deploy', ...signedIn('deployWizard') },
              {
                path: '/projects',
                ...signedIn('projectsList'),
              },
              {
                path: '/projects/:projectId',
                ...signedIn('projectDetail'),
              },
              {
                path: '/projects/:projectId/notifications',
                ...signedIn('projectNotifications'),
              },
              {
                path: '/projects/:projectId/audit',
                ...signedIn('projectAudit'),
              },
              {
                path: '/environments/:projectId',
                ...signedIn('environments'),
              },
              {
                path: '/deployments/:environmentId',
                ...signedIn('environmentApps'),
              },
              {
                path: '/deployment/:deploymentId',
                ...signedIn('deploymentDetail'),
              },
              {
                path: '/database/:databaseId',
                ...signedIn('databaseDetail'),
              },
              {
                path: '/deployment/:deploymentId/terminal',
                ...signedIn('deploymentTerminal'),
              },
              {
                path: '/project/:projectId/applications',
                ...signedIn('projectApplications'),
              },
              { path: '/status', ...signedIn('status') },
              {
                path: '/certificates',
                ...signedIn('certificates'),
              },
              {
                path: '/built-images',
                ...signedIn('builtImages'),
              },
              { path: '/profile', ...signedIn('profile') },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
