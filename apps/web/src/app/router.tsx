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
            ...lazy(() => import('./shell/app-shell')),
            children: [
              {
                path: '/dashboard',
                ...lazy(() => import('./routes/dashboard')),
              },
              {
                path: '/deployments',
                ...lazy(() => import('./routes/deploy/deploy-wizard')),
              },
              { path: '/deploy', ...lazy(() => import('./routes/deploy/deploy-wizard')) },
              {
                path: '/projects',
                ...lazy(() => import('./routes/projects/projects-list')),
              },
              {
                path: '/projects/:projectId',
                ...lazy(() => import('./routes/projects/project-detail')),
              },
              {
                path: '/projects/:projectId/notifications',
                ...lazy(() => import('./routes/projects/project-notifications')),
              },
              {
                path: '/projects/:projectId/audit',
                ...lazy(() => import('./routes/projects/project-audit')),
              },
              {
                path: '/environments/:projectId',
                ...lazy(() => import('./routes/environments/environments')),
              },
              {
                path: '/deployments/:environmentId',
                ...lazy(() => import('./routes/environments/environment-apps')),
              },
              {
                path: '/deployment/:deploymentId',
                ...lazy(() => import('./routes/deployment-detail/deployment-detail')),
              },
              {
                path: '/deployment/:deploymentId/terminal',
                ...lazy(() => import('./routes/deployment-detail/deployment-terminal')),
              },
              {
                path: '/project/:projectId/applications',
                ...lazy(() => import('./routes/projects/project-applications')),
              },
              { path: '/status', ...lazy(() => import('./routes/status')) },
              {
                path: '/certificates',
                ...lazy(() => import('./routes/certificates/certificates')),
              },
              {
                path: '/built-images',
                ...lazy(() => import('./routes/built-images')),
              },
              { path: '/profile', ...lazy(() => import('./routes/profile')) },
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
