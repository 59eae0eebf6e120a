import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { RequireAuth, RequireGuest, SessionExpiryRedirect } from './guards';

/** Every route of SPEC §2, each screen loaded lazily so a page only downloads its own code. */
const lazy = (
  load: () => Promise<{ default: React.ComponentType }>,
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    element: <SessionExpiryRedirect />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: '/', ...lazy(() => import('@/features/landing/routes/landing')) },
      {
        path: '/invitations/:token',
        ...lazy(() => import('@/features/invitations/routes/invitation')),
      },
      {
        element: <RequireGuest />,
        children: [
          { path: '/login', ...lazy(() => import('@/features/auth/routes/login')) },
          { path: '/register', ...lazy(() => import('@/features/auth/routes/register')) },
          {
            path: '/verify-account',
            ...lazy(() => import('@/features/auth/routes/verify-account')),
          },
          {
            path: '/forgot-password',
            ...lazy(() => import('@/features/auth/routes/forgot-password')),
          },
          {
            path: '/reset-password',
            ...lazy(() => import('@/features/auth/routes/reset-password')),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            // The signed-in frame (menus, dialogs) is its own chunk: the login page never loads it.
            ...lazy(() => import('./shell/app-shell')),
            children: [
              {
                path: '/dashboard',
                ...lazy(() => import('@/features/dashboard/routes/dashboard')),
              },
              {
                path: '/deployments',
                ...lazy(() => import('@/features/deploy/routes/deploy-wizard')),
              },
              { path: '/deploy', ...lazy(() => import('@/features/deploy/routes/deploy-wizard')) },
              {
                path: '/projects',
                ...lazy(() => import('@/features/projects/routes/projects-list')),
              },
              {
                path: '/projects/:projectId',
                ...lazy(() => import('@/features/projects/routes/project-detail')),
              },
              {
                path: '/projects/:projectId/audit',
                ...lazy(() => import('@/features/audit/routes/project-audit')),
              },
              {
                path: '/environments/:projectId',
                ...lazy(() => import('@/features/environments/routes/environments')),
              },
              {
                path: '/deployments/:environmentId',
                ...lazy(() => import('@/features/environment-apps/routes/environment-apps')),
              },
              {
                path: '/deployment/:deploymentId',
                ...lazy(() => import('@/features/deployment-detail/routes/deployment-detail')),
              },
              {
                path: '/project/:projectId/applications',
                ...lazy(
                  () => import('@/features/project-applications/routes/project-applications'),
                ),
              },
              { path: '/status', ...lazy(() => import('@/features/status/routes/status')) },
              {
                path: '/certificates',
                ...lazy(() => import('@/features/certificates/routes/certificates')),
              },
              {
                path: '/built-images',
                ...lazy(() => import('@/features/built-images/routes/built-images')),
              },
              { path: '/profile', ...lazy(() => import('@/features/profile/routes/profile')) },
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
